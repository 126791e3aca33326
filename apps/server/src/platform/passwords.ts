import { hash, verify } from '@node-rs/argon2';
import { commonPasswordMessage, weakPasswordMessage } from '@punchclock/shared/contracts/auth';
import { isCommonPassword, whyPasswordGuessable } from './common-passwords.ts';
import { Invalid } from './errors.ts';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (~15–20 ms a hash on our machines).
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes as stored. Setting a password goes through hashNewPassword instead. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/**
 * The one password rule beyond the spec's composition rules (decision 0040), for every place a
 * password is set: refused when it is on the common-password list, or when zxcvbn estimates it
 * guessable (a common password with a year and a symbol added, a keyboard row…), with the
 * reason in the message. Throws Invalid (400 `common_password`).
 */
export async function checkNewPassword(password: string): Promise<void> {
  if (await isCommonPassword(password)) {
    throw new Invalid(commonPasswordMessage(), 'common_password');
  }
  const reason = await whyPasswordGuessable(password);
  if (reason) throw new Invalid(weakPasswordMessage(reason), 'common_password');
}

/**
 * The hash of a password someone is setting now (admin, one-time link, own change, CLI,
 * ADMIN_PASSWORD): checkNewPassword first. Sign-in only verifies, so a person whose old
 * password is common can still sign in.
 */
export async function hashNewPassword(password: string): Promise<string> {
  await checkNewPassword(password);
  return hashPassword(password);
}

// Verified against when the email is unknown, so response time does not reveal which emails exist.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  if (passwordHash === null) {
    dummyHash ??= hashPassword('Dummy-password-1');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
