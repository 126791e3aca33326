import { t } from '@lingui/core/macro';
import { and, eq, lt, sql } from 'drizzle-orm';
import {
  identifyAtKioskRequestSchema,
  kioskGrantExpiredMessage,
  KIOSK_GRANT_SECONDS,
  kioskPunchRequestSchema,
  kioskNoPinMessage,
  kioskSharedNumberMessage,
  kioskUnreadablePinMessage,
  kioskWrongCredentialsMessage,
  offlineKioskPunchRequestSchema,
  type IdentifyAtKioskResponse,
  type KioskDevice,
} from '@punchclock/shared/contracts/kiosk';
import {
  kioskPinWaitMessage,
  kioskWrongPinWaitMessage,
  PIN_FAILURES_FORGOTTEN_AFTER_SECONDS,
  pinWaitSeconds,
} from '@punchclock/shared/domain/kiosk-pin-waits';
import type { Db } from '../../db/client.ts';
import { kioskGrants, kioskPinFailures, profiles, users } from '../../db/schema.ts';
import {
  Conflict,
  Invalid,
  parseInput,
  TooManyRequests,
  Unauthorized,
} from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { recordHit, releaseHit } from '../../platform/rate-limit.ts';
import { generateToken, hashToken } from '../../platform/tokens.ts';
import { openSealedPin } from './sealed-pins.ts';
import { isFinalRefusal, tellOfRefusedOfflinePunch } from './refused-offline-punch.ts';
import { getToday, recordTimeEvent, type PunchPolicy } from '../time-tracking/index.ts';
import type { RequestMeta } from '../../platform/request-meta.ts';
import type { RecordTimeEventResponse } from '@punchclock/shared/contracts/time-tracking';

/**
 * Wrong identifications one device may make in a window, whatever the numbers: one tablet
 * cannot walk through everyone's numbers. Each number also slows at each device on its own
 * (kiosk_pin_failures, decision 0042); neither ever locks a person.
 */
const DEVICE_FAILURES = { limit: 10, windowSeconds: 5 * 60 };

interface Candidate {
  userId: string;
  name: string;
  pinHash: string | null;
}

async function findCandidates(db: Db, employeeNumber: string): Promise<Candidate[]> {
  return db
    .select({
      userId: users.id,
      name: sql<string>`coalesce(${profiles.fullName}, ${users.email})`,
      pinHash: profiles.kioskPinHash,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(
      and(
        sql`lower(${profiles.employeeNumber}) = lower(${employeeNumber})`,
        eq(profiles.isSuspended, false),
      ),
    )
    .limit(2);
}

/** The number as counted: known or not, typed in any case, it is one key. */
function numberKey(employeeNumber: string): string {
  return employeeNumber.trim().toLowerCase();
}

/** Seconds before this device may try this number again (0: now). */
async function secondsToWait(db: Db, deviceId: string, number: string): Promise<number> {
  const [row] = await db
    .select({
      seconds: sql<number>`ceil(extract(epoch from ${kioskPinFailures.waitUntil} - now()))::int`,
    })
    .from(kioskPinFailures)
    .where(
      and(
        eq(kioskPinFailures.deviceId, deviceId),
        eq(kioskPinFailures.employeeNumber, number),
        sql`${kioskPinFailures.waitUntil} > now()`,
      ),
    );
  return Math.max(0, row?.seconds ?? 0);
}

/**
 * One more wrong PIN for this number at this device (counted afresh a day after the last);
 * returns how long the next try waits. One statement, so instances counting together agree.
 */
async function countWrongPin(db: Db, deviceId: string, number: string): Promise<number> {
  const forgotten = sql`make_interval(secs => ${PIN_FAILURES_FORGOTTEN_AFTER_SECONDS})`;
  const [row] = await db
    .insert(kioskPinFailures)
    .values({ deviceId, employeeNumber: number, failures: 1, lastFailedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [kioskPinFailures.deviceId, kioskPinFailures.employeeNumber],
      set: {
        failures: sql`case when ${kioskPinFailures.lastFailedAt} < now() - ${forgotten}
          then 1 else ${kioskPinFailures.failures} + 1 end`,
        lastFailedAt: sql`now()`,
      },
    })
    .returning({ failures: kioskPinFailures.failures });
  const wait = pinWaitSeconds(row?.failures ?? 1);
  await db
    .update(kioskPinFailures)
    .set({ waitUntil: wait > 0 ? sql`now() + make_interval(secs => ${wait})` : null })
    .where(
      and(eq(kioskPinFailures.deviceId, deviceId), eq(kioskPinFailures.employeeNumber, number)),
    );
  return wait;
}

/** A right PIN: this number starts afresh at this device; counts a day old go too. */
async function forgetWrongPins(db: Db, deviceId: string, number: string): Promise<void> {
  await db.delete(kioskPinFailures).where(
    and(
      eq(kioskPinFailures.deviceId, deviceId),
      sql`(${kioskPinFailures.employeeNumber} = ${number} or ${kioskPinFailures.lastFailedAt}
          < now() - make_interval(secs => ${PIN_FAILURES_FORGOTTEN_AFTER_SECONDS}))`,
    ),
  );
}

/**
 * Who an employee number and PIN typed at this device belong to. Unknown numbers and wrong PINs
 * get the same answer, after the same work (a PIN hash is checked either way), and the same
 * waits: after three wrong PINs for a number at a device, each next try there waits, longer
 * each time (decision 0042). Nobody is ever locked out.
 */
async function checkNumberAndPin(
  db: Db,
  device: KioskDevice,
  input: { employeeNumber: string; pin: string },
): Promise<Candidate> {
  const failureKey = `kiosk-identify:device:${device.id}`;
  const reserved = await recordHit(db, failureKey, DEVICE_FAILURES);
  if (reserved.hits > DEVICE_FAILURES.limit) {
    await releaseHit(db, failureKey);
    throw new TooManyRequests(
      t`Too many wrong tries at this kiosk. Wait a few minutes, then try again.`,
      reserved.retryAfterSeconds,
    );
  }
  const number = numberKey(input.employeeNumber);
  const wait = await secondsToWait(db, device.id, number);
  if (wait > 0) {
    await releaseHit(db, failureKey);
    throw new TooManyRequests(kioskPinWaitMessage(wait), wait);
  }

  const candidates = await findCandidates(db, input.employeeNumber);
  if (candidates.length > 1) {
    await releaseHit(db, failureKey);
    throw new Conflict(kioskSharedNumberMessage(), 'shared_employee_number');
  }
  const person = candidates[0];
  if (person && person.pinHash === null) {
    await releaseHit(db, failureKey);
    throw new Invalid(kioskNoPinMessage(), 'pin_not_set');
  }
  const isRight = await verifyPassword(person?.pinHash ?? null, input.pin);
  if (!person || !isRight) {
    const next = await countWrongPin(db, device.id, number);
    throw new Invalid(
      next > 0 ? kioskWrongPinWaitMessage(next) : kioskWrongCredentialsMessage(),
      'wrong_credentials',
    );
  }

  await releaseHit(db, failureKey);
  await forgetWrongPins(db, device.id, number);
  return person;
}

/**
 * Employee number + PIN at an enrolled device → who it is, their state, and a grant to punch
 * for a minute at this device. Records nothing else.
 */
export async function identifyAtKiosk(
  db: Db,
  device: KioskDevice,
  rawInput: unknown,
  timeZone: string,
): Promise<IdentifyAtKioskResponse> {
  const input = parseInput(identifyAtKioskRequestSchema, rawInput);
  const person = await checkNumberAndPin(db, device, input);
  const grant = generateToken();
  const [stored] = await db.transaction(async (tx) => {
    // Grants live a minute; the old ones go as new ones are made.
    await tx.delete(kioskGrants).where(lt(kioskGrants.expiresAt, sql`now()`));
    return tx
      .insert(kioskGrants)
      .values({
        tokenHash: hashToken(grant),
        userId: person.userId,
        deviceId: device.id,
        expiresAt: sql`now() + make_interval(secs => ${KIOSK_GRANT_SECONDS})`,
      })
      .returning({ expiresAt: kioskGrants.expiresAt });
  });
  const today = await getToday(db, timeZone, person.userId);
  return {
    person: { name: person.name, state: today.state, stateSince: today.stateSince },
    grant,
    expiresAt: (stored?.expiresAt ?? new Date()).toISOString(),
  };
}

/** The person a grant stands for at this device, while it lasts. */
export async function findGrantedPerson(
  db: Db,
  device: KioskDevice,
  grant: string,
): Promise<string | null> {
  const [row] = await db
    .select({ userId: kioskGrants.userId })
    .from(kioskGrants)
    .where(
      and(
        eq(kioskGrants.tokenHash, hashToken(grant)),
        eq(kioskGrants.deviceId, device.id),
        sql`${kioskGrants.expiresAt} > now()`,
      ),
    );
  return row?.userId ?? null;
}

/**
 * A punch at the kiosk for the person its grant names: the same state machine, idempotency and
 * one-statement write as any punch, with source 'kiosk' and the device.
 */
export async function punchAtKiosk(
  db: Db,
  policy: PunchPolicy,
  device: KioskDevice,
  rawInput: unknown,
  meta: RequestMeta,
): Promise<RecordTimeEventResponse> {
  const { grant, id, eventType } = parseInput(kioskPunchRequestSchema, rawInput);
  const userId = await findGrantedPerson(db, device, grant);
  if (!userId) throw new Unauthorized(kioskGrantExpiredMessage(), 'kiosk_grant_expired');
  return recordTimeEvent(db, policy, userId, { id, eventType }, meta, undefined, {
    kind: 'kiosk',
    deviceId: device.id,
    deviceName: device.name,
  });
}

/**
 * A punch the kiosk captured while it was offline (decision 0027): the PIN arrives sealed with
 * this device's key and bound to the punch's id, is checked now like any identification, and
 * the punch is recorded at its capture time under the offline rules (late ones are reviewed).
 * Sent again, it is the same punch (its id).
 */
export async function punchOfflineAtKiosk(
  db: Db,
  policy: PunchPolicy,
  device: KioskDevice,
  rawInput: unknown,
  meta: RequestMeta,
): Promise<RecordTimeEventResponse> {
  const input = parseInput(offlineKioskPunchRequestSchema, rawInput);
  let personId: string | null = null;
  try {
    const pin = await openSealedPin(db, device.id, input.sealedPin, input.id);
    if (pin === null) throw new Invalid(kioskUnreadablePinMessage(), 'unreadable_pin');
    const person = await checkNumberAndPin(db, device, {
      employeeNumber: input.employeeNumber,
      pin,
    });
    personId = person.userId;
    const { id, eventType, capturedOfflineAt } = input;
    return await recordTimeEvent(
      db,
      policy,
      person.userId,
      { id, eventType, capturedOfflineAt },
      meta,
      undefined,
      { kind: 'kiosk', deviceId: device.id, deviceName: device.name },
    );
  } catch (error) {
    // The kiosk drops a punch refused for good, so the refusal is told here (see the module).
    if (isFinalRefusal(error)) {
      await tellOfRefusedOfflinePunch(db, input, device, personId, error.message, policy.timeZone);
    }
    throw error;
  }
}
