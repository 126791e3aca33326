// Authenticator-app codes (RFC 6238 with otplib) and recovery codes: no I/O.
import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** A code of the step before or after is accepted too: a phone's clock may be 30 s off. */
const TOLERANCE_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export function totpUri(secret: string, email: string): string {
  return generateURI({ issuer: 'Punchclock', label: email, secret });
}

export async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * The time step a code belongs to, if it is right within ±1 step and later than `afterStep`
 * (a code already used, or one older than it, is refused: no replay).
 */
export async function matchTotp(
  secret: string,
  code: string,
  afterStep: number | null,
): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: TOLERANCE_SECONDS,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_COUNT = 10;

/** Ten codes like "k7fq2-mx9ra" (about 49 bits each); shown once, only hashes are kept. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from(
      { length: 10 },
      () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
    ).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** As typed: dashes and spaces dropped, lower case (the contract normalises the same way). */
export function hashRecoveryCode(code: string): string {
  const normalised = code.replace(/[\s-]/g, '').toLowerCase();
  return createHash('sha256').update(`recovery:${normalised}`).digest('hex');
}
