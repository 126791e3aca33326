import { sql } from 'drizzle-orm';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import { retryDelaySeconds } from '../../platform/retry-schedule.ts';
import { sendWebhook, type SendResult } from './sender.ts';

type WebhookDispatchConfig = AppConfig['webhooks'];

/** The `webhook-id` of a delivery: stable across attempts and resends. */
export const messageIdOf = (deliveryId: string) => `msg_${deliveryId.replaceAll('-', '')}`;

interface ClaimedDelivery {
  id: string;
  attempts: number;
  payload: unknown;
  url: string;
  allowPrivateNetwork: boolean;
  secret: string;
  previousSecret: string | null;
  retryUntil: Date;
}

/*
 * At least once, once across instances: a run claims due deliveries with FOR UPDATE SKIP LOCKED
 * and moves their next attempt a lease ahead in the same statement, so another instance's run
 * skips them; the result is written after the send. An instance that dies mid-send leaves the
 * lease to expire, and the delivery is sent again (same webhook-id) — never lost.
 */
async function claimDue(db: Db, config: WebhookDispatchConfig): Promise<ClaimedDelivery[]> {
  const leaseSeconds = Math.ceil(config.timeoutMs / 1000) + 30;
  const rows = (await db.execute(sql`
    with due as (
      select delivery.id
      from ${webhookDeliveries} as delivery
      join ${webhookEndpoints} as endpoint on endpoint.id = delivery.endpoint_id
      where delivery.status = 'pending' and delivery.next_attempt_at <= now() and endpoint.enabled
      order by delivery.next_attempt_at
      limit ${config.batchSize}
      for update of delivery skip locked
    )
    update ${webhookDeliveries} as delivery
    set next_attempt_at = now() + make_interval(secs => ${leaseSeconds}),
      attempts = delivery.attempts + 1,
      last_attempt_at = now()
    from due, ${webhookEndpoints} as endpoint
    where delivery.id = due.id and endpoint.id = delivery.endpoint_id
    returning delivery.id, delivery.attempts, delivery.payload, delivery.retry_until,
      endpoint.url, endpoint.allow_private_network, endpoint.secret,
      case when endpoint.previous_secret_until > now() then endpoint.previous_secret end
        as previous_secret`)) as unknown as {
    rows: {
      id: string;
      attempts: number;
      payload: unknown;
      url: string;
      allow_private_network: boolean;
      secret: string;
      previous_secret: string | null;
      retry_until: string | Date;
    }[];
  };
  return rows.rows.map((row) => ({
    id: row.id,
    attempts: row.attempts,
    payload: row.payload,
    url: row.url,
    allowPrivateNetwork: row.allow_private_network,
    secret: row.secret,
    previousSecret: row.previous_secret,
    retryUntil: new Date(row.retry_until),
  }));
}

/**
 * Only this attempt's claim may record its result: if it outlived its lease and another
 * instance claimed the delivery again (or an admin resent it), the newer attempt's word stands.
 */
const isStillThisAttempt = (delivery: ClaimedDelivery) =>
  sql`id = ${delivery.id} and attempts = ${delivery.attempts} and status = 'pending'`;

async function recordResult(
  db: Db,
  delivery: ClaimedDelivery,
  result: SendResult,
  config: WebhookDispatchConfig,
): Promise<void> {
  if (result.ok) {
    await db.execute(sql`
      update ${webhookDeliveries}
      set status = 'delivered', delivered_at = now(), last_response_status = ${result.status},
        last_error = null
      where ${isStillThisAttempt(delivery)}`);
    return;
  }
  const delay = retryDelaySeconds(delivery.attempts, config.retryBaseSeconds);
  await db.execute(sql`
    update ${webhookDeliveries}
    set last_response_status = ${result.status}, last_error = ${result.error},
      next_attempt_at = now() + make_interval(secs => ${delay}),
      status = case when now() + make_interval(secs => ${delay}) > retry_until
        then 'failed' else 'pending' end
    where ${isStillThisAttempt(delivery)}`);
}

/** One run of the delivery job: send what is due, record each answer. Returns how many were sent. */
export async function deliverDueWebhooks(db: Db, config: WebhookDispatchConfig): Promise<number> {
  const due = await claimDue(db, config);
  await Promise.all(
    due.map(async (delivery) => {
      const result = await sendWebhook(
        {
          url: delivery.url,
          allowPrivateNetwork: delivery.allowPrivateNetwork,
          allowLoopback: config.allowLoopback,
          messageId: messageIdOf(delivery.id),
          body: JSON.stringify(delivery.payload),
          secrets: [delivery.secret, ...(delivery.previousSecret ? [delivery.previousSecret] : [])],
        },
        config.timeoutMs,
      );
      await recordResult(db, delivery, result, config);
    }),
  );
  return due.length;
}

/** How long the delivery log keeps settled deliveries (delivered or given up). */
export const DELIVERY_LOG_DAYS = 30;

/** Drop settled deliveries older than the log keeps; pending ones stay until settled. */
export async function pruneDeliveryLog(db: Db): Promise<number> {
  const result = (await db.execute(sql`
    delete from ${webhookDeliveries}
    where status <> 'pending'
      and created_at < now() - make_interval(days => ${DELIVERY_LOG_DAYS})
    returning id`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}
