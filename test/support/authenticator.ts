/**
 * A software passkey: what a browser and its authenticator answer to the WebAuthn options the
 * server sends, made with Node's own crypto — an ES256 key, "none" attestation, user presence
 * and verification — so a test can add a passkey and sign in with it without a browser.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

/** CBOR (RFC 8949) for the few types a WebAuthn answer holds: integers, strings, bytes, maps. */
function cbor(value: Cbor): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer) => data.toString('base64url');

export class SoftwarePasskey {
  private readonly key: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  readonly credentialId = randomBytes(16);
  private counter = 0;

  constructor(private readonly origin: string) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.key = privateKey;
    this.publicJwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  }

  /** The answer to registration options (`{challenge, rp: {id}}`): a new credential, attested as "none". */
  create(options: { challenge: string; rp: { id: string } }) {
    const cose = new Map<Cbor, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(this.publicJwk.x, 'base64url')],
      [-3, Buffer.from(this.publicJwk.y, 'base64url')],
    ]);
    const id = this.credentialId;
    const authData = Buffer.concat([
      sha256(options.rp.id),
      Buffer.from([0x45]), // user present, user verified, attested credential data
      this.count(),
      Buffer.alloc(16), // AAGUID
      Buffer.from([id.length >> 8, id.length & 0xff]),
      id,
      cbor(cose),
    ]);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** The answer to sign-in options (`{challenge, rpId}`): a signed assertion for `userHandle` (the player's id). */
  get(options: { challenge: string; rpId: string }, userHandle: string) {
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const authData = Buffer.concat([sha256(options.rpId), Buffer.from([0x05]), this.count()]);
    const signature = sign('sha256', Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]), this.key);
    return {
      id: b64url(this.credentialId),
      rawId: b64url(this.credentialId),
      type: 'public-key',
      response: {
        clientDataJSON,
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: b64url(Buffer.from(userHandle)),
      },
      clientExtensionResults: {},
    };
  }

  private clientData(type: string, challenge: string): string {
    return b64url(Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false })));
  }

  /** The signature counter, one more at each use (big-endian, 4 bytes). */
  private count(): Buffer {
    const out = Buffer.alloc(4);
    out.writeUInt32BE(this.counter++);
    return out;
  }
}
