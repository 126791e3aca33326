import { constants, createPublicKey, publicEncrypt, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { profiles } from '../db/schema.ts';
import { createEnrolmentCode, enrolDevice } from '../features/kiosk/devices.ts';
import { hashPassword } from '../platform/passwords.ts';
import { SYSTEM_META } from '../platform/request-meta.ts';
import { nextTestIp } from './app.ts';
import { createTestUser, type TestUser } from './factories.ts';

export const TEST_KIOSK_PIN = '4821';

/** A kiosk enrolled on the word of `adminId`: the device cookie its requests carry, and its id. */
export async function enrolTestKiosk(
  db: Db,
  adminId: string,
  name = `Door ${randomUUID()}`,
): Promise<{ cookie: string; id: string; name: string }> {
  const actor = { actorId: adminId, meta: SYSTEM_META };
  const { code } = await createEnrolmentCode(db, { name }, actor);
  // Each from its own address, as enrolments are limited per address.
  const { device, token } = await enrolDevice(db, { code }, { ...SYSTEM_META, ip: nextTestIp() });
  return { cookie: `punchclock_kiosk=${token}`, id: device.id, name: device.name };
}

/** Someone with an employee number and, unless `pin` is null, a kiosk PIN. */
export async function createKioskPerson(
  db: Db,
  pin: string | null = TEST_KIOSK_PIN,
  employeeNumber = `E${randomUUID().slice(0, 8)}`,
): Promise<TestUser & { employeeNumber: string }> {
  const user = await createTestUser(db, { name: `Kiosk ${employeeNumber}` });
  await db
    .update(profiles)
    .set({ employeeNumber, kioskPinHash: pin === null ? null : await hashPassword(pin) })
    .where(eq(profiles.id, user.id));
  return { ...user, employeeNumber };
}

/** What a kiosk does offline: seal {pin, id} with the device's public key (RSA-OAEP, SHA-256). */
export function sealForKiosk(sealingKey: string, content: unknown): string {
  const key = createPublicKey({
    key: Buffer.from(sealingKey, 'base64'),
    format: 'der',
    type: 'spki',
  });
  return publicEncrypt(
    {
      key,
      padding: constants.RSA_PKCS1_OAEP_PADDING,
      oaepHash: 'sha256',
    },
    Buffer.from(JSON.stringify(content)),
  ).toString('base64');
}
