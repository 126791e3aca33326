import { dictionary } from '@zxcvbn-ts/language-common';

/*
 * The common-password list zxcvbn-ts ships (MIT; ~49k passwords from public breach corpora,
 * most common first), so the check works offline. Compared case-insensitively: "Password1"
 * and "PASSWORD1" are as guessable as "password1".
 */
let commonPasswords: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  // Built on first use (~10 ms), not at import, so tools that never set a password skip it.
  commonPasswords ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()));
  return commonPasswords.has(password.toLowerCase());
}
