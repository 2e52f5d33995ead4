import { lambda } from '../app/lambda';
import { bots } from '../handlers/bots';

export const handler = lambda(bots);
