import { lambda } from '../app/lambda';
import { http } from '../handlers/http';

export const handler = lambda(http);
