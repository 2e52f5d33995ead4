/**
 * Email confirmation links: the signed token (valid, expired, tampered, for another address or
 * player, or not that kind of token at all) and the rules for when a confirmation email goes out.
 */
import { describe, expect, it } from 'vitest';
import { EMAIL_LINK_HOURS, issueEmailToken, issueToken, verifyEmailToken, verifyToken } from '../../functions/core/token';
import { planSettings } from '../../functions/host/confirm-email';
import { limit } from '../../functions/adapters/limits';
import { emailConfirmed, NO_RECORD, NO_SETTINGS, type SettingsRecord } from '../../functions/core/notification';
import { ProtocolError } from '../../functions/core/protocol/frames';

const CONFIRMATIONS_PER_HOUR = limit('EMAIL_CONFIRMATIONS_PER_HOUR');

const SECRET = 'a test secret of some length';
const issued = new Date('2026-03-01T10:00:00Z');
const later = (hours: number) => new Date(issued.getTime() + hours * 3_600_000);
const ana = { playerId: 'p-ana', email: 'ana@example.com' };

/** The token with its payload's JSON changed and the signature kept. */
function tamper(token: string, change: (payload: Record<string, unknown>) => void): string {
  const [prefix, payload, signature] = token.split('.');
  const data = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
  change(data);
  return [prefix, Buffer.from(JSON.stringify(data)).toString('base64url'), signature].join('.');
}

describe('email confirmation token', () => {
  it('names the player, the address and when it was issued, until it expires', () => {
    const token = issueEmailToken(ana, SECRET, issued);
    expect(token).toMatch(/^e1\.[\w-]+\.[\w-]+$/); // URL-safe: it travels in a link
    expect(verifyEmailToken(token, SECRET, later(EMAIL_LINK_HOURS - 0.01))).toEqual({
      ok: true,
      claim: { ...ana, issuedAt: issued.getTime() },
    });
    expect(verifyEmailToken(token, SECRET, later(EMAIL_LINK_HOURS))).toEqual({ ok: false, reason: 'expired' });
    expect(verifyEmailToken(token, SECRET, later(24 * 30))).toEqual({ ok: false, reason: 'expired' });
  });

  it('cannot be altered: another address, another player, a later expiry, another signature or secret', () => {
    const token = issueEmailToken(ana, SECRET, issued);
    const invalid = { ok: false, reason: 'invalid' };
    expect(
      verifyEmailToken(
        tamper(token, (d) => (d.e = 'stranger@example.com')),
        SECRET,
        issued,
      ),
    ).toEqual(invalid);
    expect(
      verifyEmailToken(
        tamper(token, (d) => (d.p = 'p-bruno')),
        SECRET,
        issued,
      ),
    ).toEqual(invalid);
    expect(
      verifyEmailToken(
        tamper(token, (d) => (d.x = (d.x as number) + 3_600_000)),
        SECRET,
        later(EMAIL_LINK_HOURS),
      ),
    ).toEqual(invalid);
    expect(verifyEmailToken(`${token.slice(0, -2)}AA`, SECRET, issued)).toEqual(invalid);
    expect(verifyEmailToken(token, 'another secret', issued)).toEqual(invalid);
    for (const junk of ['', 'e1', 'e1..', 'e1.e30.', `${token}.x`, 'not a token'])
      expect(verifyEmailToken(junk, SECRET, issued), junk).toEqual(invalid);
  });

  it('a link for another address or player is a different token; each confirms only what it names', () => {
    const other = verifyEmailToken(issueEmailToken({ ...ana, email: 'ana@elsewhere.org' }, SECRET, issued), SECRET, issued);
    const bruno = verifyEmailToken(issueEmailToken({ ...ana, playerId: 'p-bruno' }, SECRET, issued), SECRET, issued);
    expect(other).toMatchObject({ ok: true, claim: { playerId: 'p-ana', email: 'ana@elsewhere.org' } });
    expect(bruno).toMatchObject({ ok: true, claim: { playerId: 'p-bruno', email: 'ana@example.com' } });
  });

  it('is no player token, and a player token is no confirmation link (signatures cover the prefix)', () => {
    const link = issueEmailToken(ana, SECRET, issued);
    const player = issueToken({ playerId: 'p-ana', name: 'Ana' }, SECRET);
    expect(verifyToken(link, SECRET)).toBeNull();
    expect(verifyToken(link.replace(/^e1\./, 'v1.'), SECRET)).toBeNull();
    expect(verifyEmailToken(player, SECRET, issued)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyEmailToken(player.replace(/^v1\./, 'e1.'), SECRET, issued)).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('when a confirmation email is sent', () => {
  const settings = (email: string | null) => ({ ...NO_SETTINGS, email });
  const plan = (r: SettingsRecord, email: string | null, resend = false, at = issued) => planSettings(r, settings(email), resend, at, true);
  const refusal = (f: () => unknown) => {
    try {
      f();
    } catch (error) {
      if (error instanceof ProtocolError) return { code: error.code, message: error.message };
    }
    throw new Error('no refusal');
  };

  it('for a new address once, not for the same address again, and again when asked', () => {
    const first = plan(NO_RECORD, 'ana@example.com');
    expect(first.mail).toBe(true);
    expect(first.next).toMatchObject({ confirmedEmail: null, emailSince: issued.getTime(), confirmationsSent: [issued.getTime()] });
    expect(plan(first.next, 'ana@example.com', false, later(0.1)).mail).toBe(false);
    expect(plan(first.next, 'ana@example.com', true, later(0.1)).mail).toBe(true);
    expect(plan(first.next, null).mail).toBe(false);
  });

  it('never for a confirmed address; a changed address drops the confirmation', () => {
    const confirmed: SettingsRecord = { ...plan(NO_RECORD, 'ana@example.com').next, confirmedEmail: 'ana@example.com' };
    expect(emailConfirmed(confirmed)).toBe(true);
    expect(plan(confirmed, 'ana@example.com', true)).toMatchObject({ mail: false, next: { confirmedEmail: 'ana@example.com' } });
    const changed = plan(confirmed, 'ana@elsewhere.org', false, later(1));
    expect(changed.mail).toBe(true);
    expect(emailConfirmed(changed.next)).toBe(false);
    expect(changed.next.emailSince).toBe(later(1).getTime());
    // Back to the first address: it must be confirmed again (older links are outdated by emailSince).
    const back = plan(changed.next, 'ana@example.com', false, later(2));
    expect(back).toMatchObject({ mail: true, next: { confirmedEmail: null, emailSince: later(2).getTime() } });
  });

  it(`at most ${CONFIRMATIONS_PER_HOUR} in any hour, then RATE_LIMITED saying when to try again`, () => {
    let r = NO_RECORD;
    for (const [i, at] of [later(0), later(0.25), later(0.5)].entries()) {
      const p = plan(r, i === 1 ? 'ana@elsewhere.org' : 'ana@example.com', i === 2, at);
      expect(p.mail).toBe(true);
      r = p.next;
    }
    expect(refusal(() => plan(r, 'ana@example.com', true, later(0.75)))).toEqual({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/Try again in 15 minutes\./),
    });
    expect(refusal(() => plan(r, 'third@example.com', false, later(0.99)))).toEqual({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/Try again in 36 seconds\./),
    });
    // An hour after the first, one more may go; the count keeps only the last hour's.
    const next = plan(r, 'ana@example.com', true, later(1));
    expect(next.mail).toBe(true);
    expect(next.next.confirmationsSent).toEqual([later(0.25), later(0.5), later(1)].map((d) => d.getTime()));
  });

  it('refuses a resend without an address, and an address on a server that sends no email', () => {
    expect(refusal(() => plan(NO_RECORD, null, true))).toEqual({ code: 'BAD_REQUEST', message: expect.stringMatching(/no email address/) });
    expect(refusal(() => planSettings(NO_RECORD, settings('ana@example.com'), false, issued, false))).toEqual({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/does not send email/),
    });
    expect(planSettings(NO_RECORD, settings(null), false, issued, false).mail).toBe(false);
  });
});
