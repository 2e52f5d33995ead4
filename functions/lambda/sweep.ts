import { lambda } from '../app/lambda';
import { sweep } from '../handlers/sweep';

export const handler = lambda(sweep);
