// Passkeys with @simplewebauthn/server: who the relying party is, and the two ceremonies.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { AppConfig } from '../../config.ts';

export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
}

const LOOPBACK = new Set(['127.0.0.1', '[::1]', '::1']);

/**
 * The relying party is the app's public address (PUBLIC_URL): its host name is the rpID, its
 * origin the only one accepted. Browsers refuse an IP address as an rpID, so a loopback
 * address (tests, a laptop) is "localhost", reached at http://localhost:<same port>.
 */
export function relyingParty(config: AppConfig): RelyingParty {
  const url = new URL(config.email.publicUrl);
  if (LOOPBACK.has(url.hostname)) {
    const local = new URL(url.origin);
    local.hostname = 'localhost';
    return { id: 'localhost', name: 'Punchclock', origins: [local.origin, url.origin] };
  }
  return { id: url.hostname, name: 'Punchclock', origins: [url.origin] };
}

export async function registrationOptions(
  party: RelyingParty,
  person: { id: string; email: string; name: string | null },
  existing: { id: string; transports: string[] }[],
) {
  // Spread: a plain object, as the catalogue's loose contract publishes it.
  return {
    ...(await generateRegistrationOptions({
      rpName: party.name,
      rpID: party.id,
      userName: person.email,
      userDisplayName: person.name ?? person.email,
      userID: new TextEncoder().encode(person.id),
      attestationType: 'none',
      excludeCredentials: existing.map(({ id, transports }) => ({ id, transports })),
      // A discoverable credential, so it can also sign in without an email ("Continue with a passkey").
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    })),
  };
}

export async function verifyRegistration(
  party: RelyingParty,
  response: unknown,
  expectedChallenge: string,
) {
  try {
    const result = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: party.origins,
      expectedRPID: party.id,
      requireUserVerification: true,
    });
    return result.verified ? result.registrationInfo : null;
  } catch {
    // Malformed or forged: simply not verified.
    return null;
  }
}

export async function authenticationOptions(
  party: RelyingParty,
  allow: { id: string; transports: string[] }[] = [],
) {
  return {
    ...(await generateAuthenticationOptions({
      rpID: party.id,
      userVerification: 'required',
      allowCredentials: allow.map(({ id, transports }) => ({ id, transports })),
    })),
  };
}

export async function verifyAssertion(
  party: RelyingParty,
  response: unknown,
  expectedChallenge: string,
  credential: { id: string; publicKey: string; counter: number; transports: string[] },
) {
  try {
    const result = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: party.origins,
      expectedRPID: party.id,
      requireUserVerification: true,
      credential: {
        id: credential.id,
        publicKey: new Uint8Array(Buffer.from(credential.publicKey, 'base64url')),
        counter: credential.counter,
        transports: credential.transports,
      },
    });
    return result.verified ? result.authenticationInfo : null;
  } catch {
    return null;
  }
}
