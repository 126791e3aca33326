import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appSettings } from '../../db/schema.ts';
import { loadWebPush } from './web-push.ts';

const VAPID_SETTING = 'vapid_keys';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The server's VAPID key pair (decision 0029): made on first start and kept in the database, so
 * every instance signs with the same key and subscriptions survive restarts. Two instances
 * starting at once both try to store theirs; the first wins and both read it back.
 */
export async function ensureVapidKeys(db: Db): Promise<VapidKeys> {
  const existing = await readVapidKeys(db);
  if (existing) return existing;
  const { default: webpush } = await loadWebPush();
  await db
    .insert(appSettings)
    .values({ key: VAPID_SETTING, value: webpush.generateVAPIDKeys() })
    .onConflictDoNothing();
  const stored = await readVapidKeys(db);
  if (!stored) throw new Error('VAPID keys were not stored');
  return stored;
}

async function readVapidKeys(db: Db): Promise<VapidKeys | null> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, VAPID_SETTING));
  const value = row?.value as Partial<VapidKeys> | undefined;
  return value?.publicKey && value.privateKey
    ? { publicKey: value.publicKey, privateKey: value.privateKey }
    : null;
}
