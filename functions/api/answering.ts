/** Run an HTTP route; an account's refusal (AccountError) becomes its status and sentence. */
import { AccountError } from '../host/sessions';
import { refusal, type HttpResult } from './http-io';

export async function answering(work: () => Promise<HttpResult>): Promise<HttpResult> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AccountError)) throw error;
    return refusal(error.status, {
      code: error.code,
      message: error.message,
      ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: Math.ceil(error.retryAfterMs) }),
    });
  }
}
