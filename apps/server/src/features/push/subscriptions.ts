import { t } from '@lingui/core/macro';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  removePushSubscriptionRequestSchema,
  savePushSubscriptionRequestSchema,
  type PushPayload,
} from '@punchclock/shared/contracts/push';
import type { Db } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { RequestMeta } from '../../platform/request-meta.ts';
import { Invalid, parseInput } from '../../platform/errors.ts';
import { loadWebPush } from './web-push.ts';
import { ensureVapidKeys } from './vapid-keys.ts';

export interface PushSettings {
  serviceHosts: string[];
  contact: string;
}

const isAllowedHost = (hostname: string, hosts: string[]) =>
  hosts.some((host) => hostname === host || hostname.endsWith(`.${host}`));

/** This device's subscription for the signed-in person (the same endpoint moves to them). */
export async function savePushSubscription(
  db: Db,
  settings: PushSettings,
  userId: string,
  rawInput: unknown,
  meta: RequestMeta,
): Promise<void> {
  const input = parseInput(savePushSubscriptionRequestSchema, rawInput);
  const url = new URL(input.endpoint);
  // A host listed with its port (PUSH_SERVICE_HOSTS=127.0.0.1:4567) is a test push service.
  const isTestService = settings.serviceHosts.includes(url.host) && url.host.includes(':');
  const isPushService =
    url.protocol === 'https:' && isAllowedHost(url.hostname, settings.serviceHosts);
  if (!isPushService && !isTestService) {
    throw new Invalid(
      t`This browser’s push service is not one Punchclock can send to`,
      'push_service',
    );
  }
  const { p256dh, auth } = input.keys;
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint: input.endpoint, p256dh, auth, userAgent: meta.userAgent })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh, auth, userAgent: meta.userAgent, createdAt: sql`now()` },
      });
    await writeAudit(tx, {
      actorId: userId,
      action: 'push.subscribe',
      entityType: 'user',
      entityId: userId,
      after: { pushService: url.hostname },
      meta,
    });
  });
}

export async function removePushSubscription(
  db: Db,
  userId: string,
  rawInput: unknown,
  meta: RequestMeta,
): Promise<void> {
  const { endpoint } = parseInput(removePushSubscriptionRequestSchema, rawInput);
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
      .returning({ id: pushSubscriptions.id });
    if (removed.length === 0) return;
    await writeAudit(tx, {
      actorId: userId,
      action: 'push.unsubscribe',
      entityType: 'user',
      entityId: userId,
      before: { pushService: new URL(endpoint).hostname },
      meta,
    });
  });
}

/**
 * Sends each message to every device its person turned reminders on for. A subscription the
 * push service says is gone (404, 410) is removed; other failures are logged by the caller and
 * the reminder stays in the app's notifications. Returns how many pushes were accepted.
 */
export async function sendPushes(
  db: Db,
  settings: PushSettings,
  messages: { userId: string; payload: PushPayload }[],
): Promise<number> {
  const userIds = [...new Set(messages.map((message) => message.userId))];
  if (userIds.length === 0) return 0;
  const subscriptions = await db
    .select()
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, userIds));
  if (subscriptions.length === 0) return 0;
  const keys = await ensureVapidKeys(db);
  const { default: webpush } = await loadWebPush();
  const vapidDetails = { subject: settings.contact, ...keys };
  let sent = 0;
  for (const message of messages) {
    for (const subscription of subscriptions.filter((row) => row.userId === message.userId)) {
      // web-push encrypts and signs (RFC 8291, VAPID); fetch sends, to https or a test service.
      const request = webpush.generateRequestDetails(
        {
          endpoint: subscription.endpoint,
          keys: { p256dh: subscription.p256dh, auth: subscription.auth },
        },
        JSON.stringify(message.payload),
        { vapidDetails, TTL: 60 * 60, urgency: 'high' },
      );
      const status = await fetch(request.endpoint, {
        method: 'POST',
        headers: request.headers as Record<string, string>,
        body: request.body,
        redirect: 'error',
        signal: AbortSignal.timeout(10_000),
      }).then(
        (response) => response.status,
        () => 0,
      );
      if (status >= 200 && status < 300) {
        sent += 1;
        await db
          .update(pushSubscriptions)
          .set({ lastSuccessAt: sql`now()` })
          .where(eq(pushSubscriptions.id, subscription.id));
      } else if (status === 404 || status === 410) {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
      }
    }
  }
  return sent;
}
