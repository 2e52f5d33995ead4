import { lambda } from '../app/lambda';
import { message } from '../handlers/message';

export const handler = lambda(message);
