import { describe, expect, it } from 'vitest';
import { passkeyAssertionSchema, passkeyRegistrationSchema } from './two-factor.ts';

/** base64url of `bytes` bytes, no padding (what @simplewebauthn/browser sends). */
const base64urlOf = (bytes: number) => 'q'.repeat(Math.ceil((bytes * 4) / 3));

const credential = { id: base64urlOf(32), rawId: base64urlOf(32), type: 'public-key' };

/** An assertion (navigator.credentials.get()) whose signature is `bytes` long. */
const assertionSigned = (bytes: number) => ({
  ...credential,
  response: {
    clientDataJSON: base64urlOf(300),
    authenticatorData: base64urlOf(37),
    signature: base64urlOf(bytes),
    userHandle: base64urlOf(32),
  },
  clientExtensionResults: {},
});

/*
 * @simplewebauthn/server offers ML-DSA-44 first where the runtime can verify it (Node 24), and
 * Chromium's authenticators can answer with it: post-quantum signatures are kilobytes, not the
 * 64–512 bytes of ES256/RS256. The largest it offers is ML-DSA-87 (FIPS 204: a 4,627-byte
 * signature, a 2,592-byte public key).
 */
describe('passkey contracts fit every algorithm the server offers', () => {
  it('accepts an ML-DSA-87 assertion', () => {
    expect(passkeyAssertionSchema.safeParse(assertionSigned(4627)).success).toBe(true);
  });

  it('accepts an ML-DSA-87 registration', () => {
    const registration = {
      ...credential,
      response: {
        clientDataJSON: base64urlOf(300),
        // authenticator data with the attested credential and its COSE key, plus a packed
        // self-attestation signed with the same algorithm
        attestationObject: base64urlOf(37 + 18 + 32 + 2592 + 20 + 4627 + 40),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
    expect(passkeyRegistrationSchema.safeParse(registration).success).toBe(true);
  });

  it('still refuses a signature no algorithm makes', () => {
    expect(passkeyAssertionSchema.safeParse(assertionSigned(64 * 1024)).success).toBe(false);
  });
});
