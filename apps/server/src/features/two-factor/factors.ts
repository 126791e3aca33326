// Which second factors a person has, and whether the company requires one of them.
import type { Db } from '../../db/client.ts';
import { matchTotp } from './codes.ts';
import {
  claimTotpStep,
  countUnusedRecoveryCodes,
  findPerson,
  findTotpFactor,
  listPasskeys,
  readTwoFactorRequirement,
} from './repository.ts';

export async function factorsOf(db: Db, userId: string) {
  const totp = await findTotpFactor(db, userId);
  const passkeys = await listPasskeys(db, userId);
  const recoveryCodesLeft = await countUnusedRecoveryCodes(db, userId);
  return {
    /** A confirmed authenticator app. */
    totp: totp?.confirmedAt != null,
    recoveryCodesLeft,
    passkeys,
  };
}

/**
 * Whether the setting covers this person: "admins" covers every admin (the first admin's
 * break-glass password included), "everyone" everybody. Single sign-on is not covered: the
 * identity provider does its own multi-factor sign-in.
 */
export async function isRequiredOf(db: Db, userId: string): Promise<boolean> {
  const requirement = await readTwoFactorRequirement(db);
  if (requirement === 'off') return false;
  if (requirement === 'everyone') return true;
  return (await findPerson(db, userId))?.role === 'admin';
}

/**
 * A code from the person's authenticator app, right and not used before; it is used up here,
 * wherever it was typed (the second step, "confirm it is you", removing the app), so a code
 * someone watched being typed is worth nothing afterwards. Two requests racing with one code
 * cannot both pass.
 */
export async function useTotpCode(db: Db, userId: string, code: string): Promise<boolean> {
  const factor = await findTotpFactor(db, userId);
  if (!factor?.confirmedAt) return false;
  const step = await matchTotp(factor.secret, code, factor.lastUsedStep);
  return step !== null && (await claimTotpStep(db, userId, step));
}
