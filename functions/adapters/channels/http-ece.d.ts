/** http_ece (aes128gcm payload encryption, RFC 8188/8291) ships no types; the one call used, typed here. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  const ece: {
    encrypt(payload: Buffer, params: { version: 'aes128gcm'; dh: string; privateKey: ECDH; salt: string; authSecret: string }): Buffer;
  };
  export default ece;
}
