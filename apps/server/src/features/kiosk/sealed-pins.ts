import { constants, generateKeyPair, privateDecrypt } from 'node:crypto';
import { promisify } from 'node:util';
import { and, eq, isNull } from 'drizzle-orm';
import { sealedPinContentSchema } from '@punchclock/shared/contracts/kiosk';
import type { Db } from '../../db/client.ts';
import { kioskDevices } from '../../db/schema.ts';

/*
 * PINs typed at a kiosk that is offline (decision 0027). The device cannot check a PIN, and
 * must not keep one it can read: it seals each with its own RSA-OAEP public key, and only the
 * server, holding the private key, opens it when the punch is sent. A stolen tablet's queue
 * holds nothing anyone but this server can read; a sealed PIN opens only for its own device and
 * its own punch.
 */

const generateRsaKeyPair = promisify(generateKeyPair);

async function createSealingKeys(): Promise<{ publicKey: string; privateKey: string }> {
  const { publicKey, privateKey } = await generateRsaKeyPair('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKey: publicKey.toString('base64'), privateKey };
}

/** The device's public sealing key, made on first use (devices enrolled before 0027 have none). */
export async function sealingKeyOf(db: Db, deviceId: string): Promise<string> {
  const [row] = await db
    .select({ publicKey: kioskDevices.sealingPublicKey })
    .from(kioskDevices)
    .where(eq(kioskDevices.id, deviceId));
  if (row?.publicKey) return row.publicKey;
  const keys = await createSealingKeys();
  const [stored] = await db
    .update(kioskDevices)
    .set({ sealingPublicKey: keys.publicKey, sealingPrivateKey: keys.privateKey })
    .where(and(eq(kioskDevices.id, deviceId), isNull(kioskDevices.sealingPublicKey)))
    .returning({ publicKey: kioskDevices.sealingPublicKey });
  if (stored?.publicKey) return stored.publicKey;
  // Another request made the keys first: use theirs.
  return sealingKeyOf(db, deviceId);
}

/** The PIN sealed for this device and this punch; null if it cannot be opened or is not theirs. */
export async function openSealedPin(
  db: Db,
  deviceId: string,
  sealedPin: string,
  eventId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ privateKey: kioskDevices.sealingPrivateKey })
    .from(kioskDevices)
    .where(eq(kioskDevices.id, deviceId));
  if (!row?.privateKey) return null;
  try {
    const opened = privateDecrypt(
      { key: row.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(sealedPin, 'base64'),
    );
    const content = sealedPinContentSchema.safeParse(JSON.parse(opened.toString('utf8')));
    return content.success && content.data.id === eventId ? content.data.pin : null;
  } catch {
    return null;
  }
}
