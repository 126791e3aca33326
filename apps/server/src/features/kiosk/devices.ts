import { t } from '@lingui/core/macro';
import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  createEnrolmentCodeRequestSchema,
  enrolDeviceRequestSchema,
  ENROLMENT_CODE_ALPHABET,
  ENROLMENT_CODE_LENGTH,
  ENROLMENT_CODE_MINUTES,
  invalidEnrolmentCodeMessage,
  type EnrolmentCodeResponse,
  type KioskDevice,
} from '@punchclock/shared/contracts/kiosk';
import type { Db } from '../../db/client.ts';
import { kioskDevices, kioskEnrolmentCodes } from '../../db/schema.ts';
import { writeAudit } from '../../platform/audit.ts';
import { Invalid, NotFound, parseInput, TooManyRequests } from '../../platform/errors.ts';
import { recordHit } from '../../platform/rate-limit.ts';
import type { RequestMeta } from '../../platform/request-meta.ts';
import { generateToken, hashToken } from '../../platform/tokens.ts';
import type { Actor } from '../people/index.ts';

/**
 * Wrong codes an address may try in a window. A code is 8 of 31 characters (≈ 40 bits) and
 * lives 10 minutes, so guessing one is hopeless anyway; this keeps the table and logs quiet.
 */
const ENROL_ATTEMPTS = { limit: 10, windowSeconds: 15 * 60 };

const deviceColumns = {
  id: kioskDevices.id,
  name: kioskDevices.name,
  createdAt: kioskDevices.createdAt,
  lastSeenAt: kioskDevices.lastSeenAt,
  revokedAt: kioskDevices.revokedAt,
};

type DeviceRow = {
  id: string;
  name: string;
  createdAt: Date;
  lastSeenAt: Date | null;
  revokedAt: Date | null;
};

const toDevice = (row: DeviceRow): KioskDevice => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** A code from the CSPRNG, uniform over the alphabet (randomInt has no modulo bias). */
export function generateEnrolmentCode(): string {
  let code = '';
  for (let index = 0; index < ENROLMENT_CODE_LENGTH; index++) {
    code += ENROLMENT_CODE_ALPHABET[randomInt(ENROLMENT_CODE_ALPHABET.length)];
  }
  return code;
}

/** An admin asks for a code to enrol a device under `name`; only its hash is kept. */
export async function createEnrolmentCode(
  db: Db,
  rawInput: unknown,
  actor: Actor,
): Promise<EnrolmentCodeResponse> {
  const { name } = parseInput(createEnrolmentCodeRequestSchema, rawInput);
  const code = generateEnrolmentCode();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(kioskEnrolmentCodes)
      .values({
        codeHash: hashToken(code),
        deviceName: name,
        createdBy: actor.actorId,
        expiresAt: sql`now() + make_interval(mins => ${ENROLMENT_CODE_MINUTES})`,
      })
      .returning({ expiresAt: kioskEnrolmentCodes.expiresAt });
    if (!row) throw new Error('enrolment code was not stored');
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'kiosk.enrolment_code.create',
      entityType: 'kiosk_device',
      entityId: null,
      after: { deviceName: name, expiresAt: row.expiresAt.toISOString() },
      meta: actor.meta,
    });
    return { code, deviceName: name, expiresAt: row.expiresAt.toISOString() };
  });
}

/**
 * A device redeems a code: the code is spent in the same statement that checks it (so two
 * devices racing with one code cannot both get in) and the device gets its credential.
 */
export async function enrolDevice(
  db: Db,
  rawInput: unknown,
  meta: RequestMeta,
): Promise<{ device: KioskDevice; token: string }> {
  const attempts = await recordHit(db, `kiosk-enrol:ip:${meta.ip ?? 'unknown'}`, ENROL_ATTEMPTS);
  if (attempts.hits > ENROL_ATTEMPTS.limit) {
    throw new TooManyRequests(
      t`Too many attempts. Wait a few minutes, then try again.`,
      attempts.retryAfterSeconds,
    );
  }
  const { code } = parseInput(enrolDeviceRequestSchema, rawInput);
  const token = generateToken();
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(kioskEnrolmentCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(kioskEnrolmentCodes.codeHash, hashToken(code)),
          isNull(kioskEnrolmentCodes.usedAt),
          gt(kioskEnrolmentCodes.expiresAt, sql`now()`),
        ),
      )
      .returning({
        deviceName: kioskEnrolmentCodes.deviceName,
        createdBy: kioskEnrolmentCodes.createdBy,
      });
    if (!spent) throw new Invalid(invalidEnrolmentCodeMessage(), 'invalid_code');
    const [row] = await tx
      .insert(kioskDevices)
      .values({
        name: spent.deviceName,
        tokenHash: hashToken(token),
        createdBy: spent.createdBy,
        lastSeenAt: sql`now()`,
      })
      .returning(deviceColumns);
    if (!row) throw new Error('kiosk device was not stored');
    await tx
      .update(kioskEnrolmentCodes)
      .set({ deviceId: row.id })
      .where(eq(kioskEnrolmentCodes.codeHash, hashToken(code)));
    await writeAudit(tx, {
      actorId: spent.createdBy,
      action: 'kiosk.device.enrol',
      entityType: 'kiosk_device',
      entityId: row.id,
      after: { name: row.name },
      meta,
    });
    return { device: toDevice(row), token };
  });
}

/** Refreshing last_seen_at on every kiosk request would make each read a write (as sessions). */
const TOUCH_AFTER_SECONDS = 60;

/** The device a credential belongs to, if it is still enrolled (not revoked). */
export async function findActiveDevice(db: Db, token: string): Promise<KioskDevice | null> {
  const [row] = await db
    .select({
      ...deviceColumns,
      needsTouch: sql<boolean>`coalesce(${kioskDevices.lastSeenAt} < now() - make_interval(secs => ${TOUCH_AFTER_SECONDS}), true)`,
    })
    .from(kioskDevices)
    .where(and(eq(kioskDevices.tokenHash, hashToken(token)), isNull(kioskDevices.revokedAt)));
  if (!row) return null;
  const { needsTouch, ...device } = row;
  if (needsTouch) {
    await db
      .update(kioskDevices)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(kioskDevices.id, device.id));
  }
  return toDevice(device);
}

export async function listDevices(db: Db): Promise<KioskDevice[]> {
  const rows = await db
    .select(deviceColumns)
    .from(kioskDevices)
    .orderBy(sql`${kioskDevices.revokedAt} is not null`, desc(kioskDevices.createdAt));
  return rows.map(toDevice);
}

/** Revoking is at once: the device's next request finds no active device. */
export async function revokeDevice(db: Db, rawId: string, actor: Actor): Promise<KioskDevice> {
  const id = z.uuid().safeParse(rawId);
  if (!id.success) throw new NotFound(t`Device not found`);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(kioskDevices)
      .set({
        revokedAt: sql`coalesce(${kioskDevices.revokedAt}, now())`,
        revokedBy: sql`coalesce(${kioskDevices.revokedBy}, ${actor.actorId}::uuid)`,
      })
      .where(eq(kioskDevices.id, id.data))
      .returning(deviceColumns);
    if (!row) throw new NotFound(t`Device not found`);
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'kiosk.device.revoke',
      entityType: 'kiosk_device',
      entityId: row.id,
      after: { name: row.name, revokedAt: row.revokedAt?.toISOString() ?? null },
      meta: actor.meta,
    });
    return toDevice(row);
  });
}
