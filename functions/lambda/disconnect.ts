import { lambda } from '../app/lambda';
import { disconnect } from '../handlers/disconnect';

export const handler = lambda(disconnect);
