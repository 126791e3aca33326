// Account → Security: a person's own authenticator app, recovery codes and passkeys; the admin's
// setting and their reset of someone's factors. Every change is audited, never with a secret.
import { t } from '@lingui/core/macro';
import { z } from 'zod';
import {
  lastFactorRequiredMessage,
  REAUTHENTICATION_REQUIRED,
  TWO_FACTOR_SETUP_REQUIRED,
  twoFactorSetupRequiredMessage,
  wrongCodeMessage,
  type MyTwoFactor,
  type Passkey,
  type ReauthenticationRequest,
  type TwoFactorRequirement,
} from '@punchclock/shared/contracts/two-factor';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { passkeys } from '../../db/schema.ts';
import { writeAudit } from '../../platform/audit.ts';
import { Conflict, Forbidden, Invalid, NotFound, Unauthorized } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import type { RequestMeta } from '../../platform/request-meta.ts';
import { isSessionYoungerThan, liftTwoFactorSetup } from '../../platform/sessions.ts';
import { generateToken, hashToken } from '../../platform/tokens.ts';
import { reserveSignInAttempt, settleSuccessfulSignIn } from '../auth/index.ts';
import {
  hashRecoveryCode,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  qrCodeDataUrl,
  totpUri,
} from './codes.ts';
import { factorsOf, isRequiredOf, useTotpCode } from './factors.ts';
import {
  confirmTotp,
  deleteAllPasskeys,
  deleteChallengesOf,
  deletePasskey,
  deleteTotp,
  findLatestChallengeOf,
  findPerson,
  findTotpFactor,
  insertChallenge,
  insertPasskey,
  lockFactorsOf,
  putPendingTotp,
  readTwoFactorRequirement,
  renamePasskey,
  replaceRecoveryCodes,
  takeChallenge,
  writeTwoFactorRequirement,
} from './repository.ts';
import { registrationOptions, relyingParty, verifyRegistration } from './webauthn.ts';

interface Actor {
  actorId: string;
  meta: RequestMeta;
}

/** The person acting, and the session they act from (enrolling a factor depends on it). */
export interface SessionActor extends Actor {
  sessionId: string;
  /** A session opened with the password only, to set up two-step verification (decision 0056). */
  isSetupOnly: boolean;
}

/**
 * A setup-only session exists to add a FIRST factor. Once the person has one, only a session
 * that passed it may add more: else whoever had only the password could plant their own.
 */
async function refuseSetupOnlyWithFactor(db: Db, actor: SessionActor): Promise<void> {
  if (!actor.isSetupOnly) return;
  const factors = await factorsOf(db, actor.actorId);
  if (factors.totp || factors.passkeys.length > 0) {
    throw new Forbidden(twoFactorSetupRequiredMessage(), TWO_FACTOR_SETUP_REQUIRED);
  }
}

function toPasskey(row: typeof passkeys.$inferSelect): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: new Date(row.createdAt).toISOString(),
    lastUsedAt: row.lastUsedAt ? new Date(row.lastUsedAt).toISOString() : null,
    isSynced: row.backedUp,
  };
}

async function personOf(db: Db, userId: string) {
  const person = await findPerson(db, userId);
  if (!person) throw new Unauthorized();
  return person;
}

/** A setup-only session this young has just had its password checked: it need not give it again. */
const FRESH_SETUP_MINUTES = 10;

/**
 * Adding a factor (or new recovery codes) asks for the password again, or a current code from
 * the app: a stolen session cookie alone must not plant a passkey that outlives a password reset.
 * A wrong one counts like a wrong password (sign-in-throttle.ts) and is audited.
 */
async function confirmItIsThem(
  db: Db,
  config: AppConfig,
  input: ReauthenticationRequest,
  actor: SessionActor,
  purpose: 'totp_setup' | 'passkey' | 'recovery_codes',
): Promise<void> {
  const { actorId, meta } = actor;
  if (input.password === undefined && input.code === undefined) {
    if (
      actor.isSetupOnly &&
      (await isSessionYoungerThan(db, actor.sessionId, FRESH_SETUP_MINUTES))
    ) {
      return;
    }
    throw new Invalid(t`Enter your password to continue.`, REAUTHENTICATION_REQUIRED);
  }
  const person = await personOf(db, actorId);
  const attempt = await reserveSignInAttempt(db, config.signInLimits, person.email, meta.ip);
  let isRight: boolean;
  if (input.password === undefined) {
    isRight = input.code !== undefined && (await useTotpCode(db, actorId, input.code));
  } else {
    isRight = await verifyPassword(person.passwordHash, input.password);
  }
  if (!isRight) {
    const withPassword = input.password !== undefined;
    await writeAudit(db, {
      actorId,
      action: 'auth.reauthentication_refused',
      entityType: 'user',
      entityId: actorId,
      after: { with: withPassword ? 'password' : 'code', for: purpose },
      meta,
    });
    throw withPassword
      ? new Invalid(t`That password is not right.`, 'wrong_password')
      : new Invalid(wrongCodeMessage(), 'wrong_code');
  }
  await settleSuccessfulSignIn(db, attempt);
}

export async function readMyTwoFactor(db: Db, userId: string): Promise<MyTwoFactor> {
  const factors = await factorsOf(db, userId);
  return {
    totpEnabled: factors.totp,
    recoveryCodesLeft: factors.totp || factors.passkeys.length > 0 ? factors.recoveryCodesLeft : 0,
    passkeys: factors.passkeys.map(toPasskey),
    isRequired: await isRequiredOf(db, userId),
  };
}

/** A fresh secret to scan; it works only once confirmed with a code. */
export async function startTotpSetup(
  db: Db,
  config: AppConfig,
  input: ReauthenticationRequest,
  actor: SessionActor,
) {
  const { actorId, meta } = actor;
  const person = await personOf(db, actorId);
  await refuseSetupOnlyWithFactor(db, actor);
  await confirmItIsThem(db, config, input, actor, 'totp_setup');
  if ((await findTotpFactor(db, actorId))?.confirmedAt) {
    throw new Conflict(t`An authenticator app is already set up. Remove it first.`, 'totp_exists');
  }
  const secret = newTotpSecret();
  const uri = totpUri(secret, person.email);
  await db.transaction(async (tx) => {
    await putPendingTotp(tx, actorId, secret);
    await writeAudit(tx, {
      actorId,
      action: 'auth.totp_setup_started',
      entityType: 'user',
      entityId: actorId,
      meta,
    });
  });
  return { secret, uri, qrCode: await qrCodeDataUrl(uri) };
}

async function issueRecoveryCodes(tx: Db, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(tx, userId, codes.map(hashRecoveryCode));
  return codes;
}

/** The code proves the app holds the secret: the app is on, and the recovery codes are shown once. */
export async function confirmTotpSetup(db: Db, code: string, actor: SessionActor) {
  const { actorId, meta } = actor;
  await refuseSetupOnlyWithFactor(db, actor);
  const factor = await findTotpFactor(db, actorId);
  if (!factor || factor.confirmedAt) {
    throw new Conflict(t`Start setting up the authenticator app again.`, 'no_totp_setup');
  }
  const step = await matchTotp(factor.secret, code, null);
  if (step === null) throw new Invalid(wrongCodeMessage(), 'wrong_code');
  return db.transaction(async (tx) => {
    if (!(await confirmTotp(tx, actorId, step))) {
      throw new Conflict(t`Start setting up the authenticator app again.`, 'no_totp_setup');
    }
    const recoveryCodes = await issueRecoveryCodes(tx, actorId);
    const setupSessionsEnded = await liftTwoFactorSetup(tx, actorId, actor.sessionId);
    await writeAudit(tx, {
      actorId,
      action: 'auth.totp_enabled',
      entityType: 'user',
      entityId: actorId,
      ...(setupSessionsEnded > 0 ? { after: { setupSessionsEnded } } : {}),
      meta,
    });
    return { recoveryCodes };
  });
}

/** Removing a factor must leave one when the company requires it (read with the rows locked). */
async function checkNotLastRequired(db: Db, userId: string, remaining: number): Promise<void> {
  if (remaining === 0 && (await isRequiredOf(db, userId))) {
    throw new Conflict(lastFactorRequiredMessage(), 'two_factor_required');
  }
}

/**
 * Removes the app. The password or a current code proves it is the person, not someone at
 * their unlocked screen; a wrong one counts like a wrong password.
 */
export async function removeTotp(
  db: Db,
  config: AppConfig,
  input: { password: string } | { code: string },
  { actorId, meta }: Actor,
): Promise<void> {
  const person = await personOf(db, actorId);
  const factor = await findTotpFactor(db, actorId);
  if (!factor?.confirmedAt) throw new NotFound(t`No authenticator app is set up`);
  const attempt = await reserveSignInAttempt(db, config.signInLimits, person.email, meta.ip);
  const isRight =
    'password' in input
      ? await verifyPassword(person.passwordHash, input.password)
      : await useTotpCode(db, actorId, input.code);
  if (!isRight) {
    await writeAudit(db, {
      actorId,
      action: 'auth.totp_remove_refused',
      entityType: 'user',
      entityId: actorId,
      after: { with: 'password' in input ? 'password' : 'code' },
      meta,
    });
    throw new Invalid(
      'password' in input ? t`That password is not right.` : wrongCodeMessage(),
      'wrong_code',
    );
  }
  await settleSuccessfulSignIn(db, attempt);
  await db.transaction(async (tx) => {
    const factors = await lockFactorsOf(tx, actorId);
    if (!factors.totp) throw new NotFound(t`No authenticator app is set up`);
    const passkeys = factors.passkeyIds;
    await checkNotLastRequired(tx, actorId, passkeys.length);
    await deleteTotp(tx, actorId);
    if (passkeys.length === 0) await replaceRecoveryCodes(tx, actorId, []);
    await writeAudit(tx, {
      actorId,
      action: 'auth.totp_removed',
      entityType: 'user',
      entityId: actorId,
      meta,
    });
  });
}

export async function regenerateRecoveryCodes(
  db: Db,
  config: AppConfig,
  input: ReauthenticationRequest,
  actor: SessionActor,
) {
  const { actorId, meta } = actor;
  const factors = await factorsOf(db, actorId);
  if (!factors.totp && factors.passkeys.length === 0) {
    throw new Conflict(t`Set up an authenticator app or a passkey first.`, 'no_second_factor');
  }
  await confirmItIsThem(db, config, input, actor, 'recovery_codes');
  return db.transaction(async (tx) => {
    const recoveryCodes = await issueRecoveryCodes(tx, actorId);
    await writeAudit(tx, {
      actorId,
      action: 'auth.recovery_codes_regenerated',
      entityType: 'user',
      entityId: actorId,
      meta,
    });
    return { recoveryCodes };
  });
}

export async function startPasskeyRegistration(
  db: Db,
  config: AppConfig,
  input: ReauthenticationRequest,
  actor: SessionActor,
) {
  const { actorId } = actor;
  const person = await personOf(db, actorId);
  await refuseSetupOnlyWithFactor(db, actor);
  await confirmItIsThem(db, config, input, actor, 'passkey');
  const { passkeys } = await factorsOf(db, actorId);
  const options = await registrationOptions(relyingParty(config), person, passkeys);
  await deleteChallengesOf(db, actorId, 'passkey_registration');
  await insertChallenge(db, {
    id: hashToken(generateToken()),
    purpose: 'passkey_registration',
    userId: actorId,
    challenge: options.challenge,
  });
  return options;
}

export async function addPasskey(
  db: Db,
  config: AppConfig,
  input: { name: string; credential: unknown },
  actor: SessionActor,
): Promise<Passkey> {
  const { actorId, meta } = actor;
  await refuseSetupOnlyWithFactor(db, actor);
  const step = await findLatestChallengeOf(db, actorId, 'passkey_registration');
  if (!step?.challenge || !(await takeChallenge(db, step.id))) {
    throw new Conflict(t`Adding the passkey took too long. Try again.`, 'passkey_expired');
  }
  const info = await verifyRegistration(relyingParty(config), input.credential, step.challenge);
  if (!info) throw new Invalid(t`This passkey could not be checked. Try again.`, 'passkey_invalid');
  return db.transaction(async (tx) => {
    const row = await insertPasskey(tx, {
      id: info.credential.id,
      userId: actorId,
      name: input.name,
      publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: info.credential.transports ?? [],
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
    });
    if (!row) throw new Conflict(t`This passkey is already added.`, 'passkey_exists');
    const setupSessionsEnded = await liftTwoFactorSetup(tx, actorId, actor.sessionId);
    await writeAudit(tx, {
      actorId,
      action: 'auth.passkey_added',
      entityType: 'passkey',
      entityId: null,
      after: {
        name: row.name,
        synced: row.backedUp,
        ...(setupSessionsEnded > 0 ? { setupSessionsEnded } : {}),
      },
      meta,
    });
    return toPasskey(row);
  });
}

export async function renameMyPasskey(
  db: Db,
  id: string,
  name: string,
  { actorId, meta }: Actor,
): Promise<Passkey> {
  return db.transaction(async (tx) => {
    const row = await renamePasskey(tx, actorId, id, name);
    if (!row) throw new NotFound();
    await writeAudit(tx, {
      actorId,
      action: 'auth.passkey_renamed',
      entityType: 'passkey',
      entityId: null,
      after: { name },
      meta,
    });
    return toPasskey(row);
  });
}

export async function removeMyPasskey(db: Db, id: string, { actorId, meta }: Actor) {
  await db.transaction(async (tx) => {
    const factors = await lockFactorsOf(tx, actorId);
    if (!factors.passkeyIds.includes(id)) throw new NotFound();
    const remaining = (factors.totp ? 1 : 0) + factors.passkeyIds.length - 1;
    await checkNotLastRequired(tx, actorId, remaining);
    const row = await deletePasskey(tx, actorId, id);
    if (!row) throw new NotFound();
    if (remaining === 0) await replaceRecoveryCodes(tx, actorId, []);
    await writeAudit(tx, {
      actorId,
      action: 'auth.passkey_removed',
      entityType: 'passkey',
      entityId: null,
      before: { name: row.name },
      meta,
    });
  });
}

export async function readTwoFactorSettings(db: Db) {
  return { required: await readTwoFactorRequirement(db) };
}

export async function changeTwoFactorSettings(
  db: Db,
  required: TwoFactorRequirement,
  { actorId, meta }: Actor,
) {
  return db.transaction(async (tx) => {
    const before = await readTwoFactorRequirement(tx);
    await writeTwoFactorRequirement(tx, required);
    await writeAudit(tx, {
      actorId,
      action: 'settings.two_factor_required',
      entityType: 'settings',
      entityId: null,
      before: { required: before },
      after: { required },
      meta,
    });
    return { required };
  });
}

/** A lost phone: an admin removes all of a person's factors; they sign in with the password. */
export async function resetTwoFactor(db: Db, userId: string, { actorId, meta }: Actor) {
  if (!z.uuid().safeParse(userId).success || !(await findPerson(db, userId))) {
    throw new NotFound(t`User not found`);
  }
  await db.transaction(async (tx) => {
    const hadTotp = await deleteTotp(tx, userId);
    const passkeysRemoved = await deleteAllPasskeys(tx, userId);
    await replaceRecoveryCodes(tx, userId, []);
    await writeAudit(tx, {
      actorId,
      action: 'auth.two_factor_reset',
      entityType: 'user',
      entityId: userId,
      before: { authenticatorApp: hadTotp, passkeys: passkeysRemoved },
      meta,
    });
  });
}
