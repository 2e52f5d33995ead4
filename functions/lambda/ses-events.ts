import { lambda } from '../app/lambda';
import { sesEvents } from '../handlers/ses-events';

export const handler = lambda(sesEvents);
