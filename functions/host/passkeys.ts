/**
 * Passkeys (WebAuthn, checked by @simplewebauthn/server): a signed-in player adds one; anyone
 * signs in with one without typing a name (a discoverable credential names its player through
 * its user handle, the player id). Every challenge is stored with an expiry and deleted by the
 * answer that uses it (a conditional delete), so it works once. The relying party is the host
 * of PUBLIC_URL (config.ts). No zod here: this is the passkey function's bundle.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { AuthenticationResponseJSON, AuthenticatorTransport, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { AccountStore } from '../stores/accounts';
import { limit, waitSentence } from '../adapters/limit-values';
import { networkOf } from '../core/network';
import { AccountError, type Caller, type SessionAnswer, type Sessions } from './sessions';

/** How long a passkey prompt may stay open. */
export const CHALLENGE_MS = 5 * 60_000;
const HOUR_MS = 3_600_000;
/** Passkeys one player may add. */
export const MAX_PASSKEYS = 20;
/** A credential id as kept (base64url): far beyond real ones (16–64 bytes), within DynamoDB's 1 KB sort keys. */
const CREDENTIAL_ID = /^[\w-]{1,700}$/;

export const CHALLENGE_GONE = 'This passkey request has expired or was answered already; try again.';
export const PASSKEY_UNKNOWN = 'This passkey is not registered here (it may have been removed); sign in another way, then add it again.';

export interface PasskeyDeps {
  store: AccountStore;
  sessions: Sessions;
  now: () => Date;
  relyingParty: () => { rpID: string; origin: string };
}

/** The challenge an answer signed (from its clientDataJSON), or null when the answer is not shaped like one. */
export function challengeOf(response: unknown): string | null {
  const clientData = (response as { response?: { clientDataJSON?: unknown } } | null)?.response?.clientDataJSON;
  if (typeof clientData !== 'string' || clientData.length > 8192) return null;
  try {
    const challenge = (JSON.parse(Buffer.from(clientData, 'base64url').toString('utf8')) as { challenge?: unknown }).challenge;
    return typeof challenge === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(challenge) ? challenge : null;
  } catch {
    return null;
  }
}

/** The library's refusal (malformed, wrong origin, bad signature…) as a sentence; nothing is stored. */
async function checked<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new AccountError(
      'BAD_REQUEST',
      400,
      `The passkey's answer was refused: ${(error as Error).message.replace(/\.?$/, '.')} Try again.`,
    );
  }
}

export class Passkeys {
  constructor(private readonly deps: PasskeyDeps) {}

  private async challenge(challenge: string, purpose: 'register' | 'signin', playerId?: string): Promise<void> {
    await this.deps.store.putChallenge(challenge, purpose, playerId, this.deps.now().getTime() + CHALLENGE_MS);
  }

  /** Options for the browser to make a passkey for the signed-in caller. */
  async registrationOptions(caller: Caller): Promise<unknown> {
    const existing = await this.deps.store.passkeys(caller.playerId);
    if (existing.length >= MAX_PASSKEYS)
      throw new AccountError('CONFLICT', 409, `You have ${MAX_PASSKEYS} passkeys already, the most one player may; remove one first.`);
    const { rpID } = this.deps.relyingParty();
    const options = await generateRegistrationOptions({
      rpName: 'Caravela',
      rpID,
      userName: caller.name,
      userDisplayName: caller.name,
      userID: new TextEncoder().encode(caller.playerId),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      timeout: CHALLENGE_MS,
    });
    await this.challenge(options.challenge, 'register', caller.playerId);
    return options;
  }

  /** Check the browser's new passkey against its challenge and keep it. */
  async register(caller: Caller, response: unknown, label: string): Promise<{ credentialId: string; label: string }> {
    const { store, now } = this.deps;
    const challenge = challengeOf(response);
    if (!challenge) throw new AccountError('BAD_REQUEST', 400, 'Send the passkey as the browser made it: {"response":{…}}.');
    const item = await store.takeChallenge(challenge, now());
    if (item?.purpose !== 'register' || item.playerId !== caller.playerId) throw new AccountError('BAD_REQUEST', 400, CHALLENGE_GONE);
    const { rpID, origin } = this.deps.relyingParty();
    const verification = await checked(() =>
      verifyRegistrationResponse({
        response: response as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: false,
      }),
    );
    if (!verification.verified) throw new AccountError('BAD_REQUEST', 400, 'The passkey could not be verified; try again.');
    const { credential } = verification.registrationInfo;
    if (!CREDENTIAL_ID.test(credential.id))
      throw new AccountError('BAD_REQUEST', 400, "This passkey's id is longer than this server keeps; try another authenticator.");
    const kept = await store.putPasskey(caller.playerId, {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      ...(credential.transports?.length ? { transports: credential.transports } : {}),
      label,
      createdAt: now().toISOString(),
    });
    if (!kept) throw new AccountError('CONFLICT', 409, 'This passkey is added already.');
    return { credentialId: credential.id, label };
  }

  /**
   * Options for the browser to sign in with any passkey of this site (no name asked). Nobody is
   * signed in yet, so each network (`source`, the client's address) may begin at most
   * PASSKEY_SIGNINS_PER_HOUR an hour: each stores a challenge.
   */
  async signInOptions(source: string): Promise<unknown> {
    const most = limit('PASSKEY_SIGNINS_PER_HOUR');
    const counted = await this.deps.store.countNetworkUse('passkeyChallenges', networkOf(source), most, HOUR_MS, this.deps.now());
    if (!counted.ok) {
      const what = `At most ${most} passkey sign-ins may be begun from one network an hour.`;
      throw new AccountError('RATE_LIMITED', 429, waitSentence(what, counted.retryAfterMs), counted.retryAfterMs);
    }
    const options = await generateAuthenticationOptions({
      rpID: this.deps.relyingParty().rpID,
      userVerification: 'preferred',
      timeout: CHALLENGE_MS,
    });
    await this.challenge(options.challenge, 'signin');
    return options;
  }

  /** Check a passkey's signature: a new device for its player. */
  async signIn(response: unknown, label: string): Promise<SessionAnswer> {
    const { store, now } = this.deps;
    const challenge = challengeOf(response);
    const credentialId = (response as { id?: unknown } | null)?.id;
    const userHandle = (response as { response?: { userHandle?: unknown } } | null)?.response?.userHandle;
    if (!challenge || typeof credentialId !== 'string' || !CREDENTIAL_ID.test(credentialId))
      throw new AccountError('BAD_REQUEST', 400, 'Send the passkey\'s answer as the browser made it: {"response":{…}}.');
    const item = await store.takeChallenge(challenge, now());
    if (item?.purpose !== 'signin') throw new AccountError('BAD_REQUEST', 400, CHALLENGE_GONE);
    if (typeof userHandle !== 'string' || !userHandle) throw new AccountError('BAD_REQUEST', 400, PASSKEY_UNKNOWN);
    const playerId = Buffer.from(userHandle, 'base64url').toString('utf8');
    const passkey = /^[A-Za-z0-9-]{1,64}$/.test(playerId) ? await store.getPasskey(playerId, credentialId) : null;
    if (!passkey) throw new AccountError('BAD_REQUEST', 400, PASSKEY_UNKNOWN);
    const { rpID, origin } = this.deps.relyingParty();
    const verification = await checked(() =>
      verifyAuthenticationResponse({
        response: response as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
          counter: passkey.counter,
          transports: passkey.transports as AuthenticatorTransport[] | undefined,
        },
        requireUserVerification: false,
      }),
    );
    if (!verification.verified) throw new AccountError('BAD_REQUEST', 400, "The passkey's signature could not be verified; try again.");
    if (!(await store.usePasskey(playerId, credentialId, passkey.counter, verification.authenticationInfo.newCounter, now()))) {
      throw new AccountError('CONFLICT', 409, 'This passkey was used for another sign-in at the same moment; try again.');
    }
    const name = await store.playerName(playerId);
    if (name === null) throw new AccountError('BAD_REQUEST', 400, PASSKEY_UNKNOWN);
    return this.deps.sessions.start({ playerId, name }, 'passkey', label);
  }
}
