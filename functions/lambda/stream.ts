import { lambda } from '../app/lambda';
import { stream } from '../handlers/stream';

export const handler = lambda(stream);
