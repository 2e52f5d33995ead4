/**
 * The protocol's schemas run in the page too: without eval — the page's Content-Security-Policy
 * forbids it — and without zod even testing whether eval is allowed (a logged CSP violation).
 */
import * as z from 'zod';

z.config({ jitless: true });
