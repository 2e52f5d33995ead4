import { lambda } from '../app/lambda';
import { connect } from '../handlers/connect';

export const handler = lambda(connect);
