import { lambda } from '../app/lambda';
import { passkey } from '../handlers/passkey';

export const handler = lambda(passkey);
