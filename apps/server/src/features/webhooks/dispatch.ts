import { sql } from 'drizzle-orm';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { JobRunner } from '../../platform/job-runner.ts';
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
 * At least once, once across instances: a lane claims due deliveries with FOR UPDATE SKIP LOCKED
 * and moves their next attempt a lease ahead in the same statement, so another instance skips
 * them; the result is written after the send. An instance that dies mid-send leaves the lease to
 * expire, and the delivery is sent again (same webhook-id) — never lost.
 *
 * A lane is one endpoint's: it claims only that endpoint's deliveries, at most as many as it sends
 * at once, so every claimed delivery is on the wire at once and its lease covers one deadline.
 * It claims only what was due when the poll began (`dueBy`), so a failed attempt whose retry is
 * due at once waits for the next poll instead of looping.
 */
async function claimDue(
  db: Db,
  config: WebhookDispatchConfig,
  endpointId: string,
  dueBy: string,
): Promise<ClaimedDelivery[]> {
  const leaseSeconds = Math.ceil(config.timeoutMs / 1000) + 30;
  const rows = (await db.execute(sql`
    with due as (
      select delivery.id
      from ${webhookDeliveries} as delivery
      join ${webhookEndpoints} as endpoint on endpoint.id = delivery.endpoint_id
      where delivery.endpoint_id = ${endpointId} and delivery.status = 'pending'
        and delivery.next_attempt_at <= ${dueBy}::timestamptz and endpoint.enabled
      order by delivery.next_attempt_at, delivery.created_at
      limit ${config.perEndpointConcurrency}
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
 * The enabled endpoints with something due, leaving out those this instance is already sending
 * to, and the database's time of the look (as text, to keep its microseconds).
 */
async function findEndpointsWithDueDeliveries(
  db: Db,
  busyEndpointIds: string[],
): Promise<{ endpointIds: string[]; dueBy: string }> {
  const rows = (await db.execute(sql`
    select now()::text as due_by, array(
      select distinct delivery.endpoint_id
      from ${webhookDeliveries} as delivery
      join ${webhookEndpoints} as endpoint on endpoint.id = delivery.endpoint_id
      where delivery.status = 'pending' and delivery.next_attempt_at <= now() and endpoint.enabled
        ${
          busyEndpointIds.length > 0
            ? sql`and delivery.endpoint_id not in (${sql.join(
                busyEndpointIds.map((id) => sql`${id}::uuid`),
                sql`, `,
              )})`
            : sql``
        }
    )::text[] as endpoint_ids`)) as unknown as {
    rows: { due_by: string; endpoint_ids: string[] }[];
  };
  const [row] = rows.rows;
  return { endpointIds: row?.endpoint_ids ?? [], dueBy: row?.due_by ?? new Date().toISOString() };
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

/**
 * Sends each endpoint's deliveries in a lane of its own, so a receiver that never answers holds
 * only its own lane, for one deadline, and never another endpoint's deliveries. A poll starts a
 * lane for each endpoint with something due and no lane here yet, and returns at once; the lane
 * sends up to `perEndpointConcurrency` at a time and claims again until nothing that was due
 * when the poll began is left. Lanes on several instances share the work through the claim.
 */
export class WebhookDispatcher {
  private readonly lanes = new Map<string, Promise<number>>();
  private isStopping = false;

  constructor(
    private readonly db: Db,
    private readonly config: WebhookDispatchConfig,
  ) {}

  /** Start lanes for endpoints with due deliveries; returns the lanes started, not awaited. */
  async poll(): Promise<Promise<number>[]> {
    if (this.isStopping) return [];
    const { endpointIds, dueBy } = await findEndpointsWithDueDeliveries(this.db, [
      ...this.lanes.keys(),
    ]);
    return endpointIds
      .filter((endpointId) => !this.lanes.has(endpointId))
      .map((endpointId) => {
        const lane = this.runLane(endpointId, dueBy).finally(() => this.lanes.delete(endpointId));
        this.lanes.set(endpointId, lane);
        return lane;
      });
  }

  /** Claim no more; wait for the sends in flight so their results are written. */
  async stop(): Promise<void> {
    this.isStopping = true;
    await Promise.allSettled([...this.lanes.values()]);
  }

  private async runLane(endpointId: string, dueBy: string): Promise<number> {
    let sent = 0;
    while (!this.isStopping) {
      const claimed = await claimDue(this.db, this.config, endpointId, dueBy);
      if (claimed.length === 0) break;
      await Promise.all(claimed.map((delivery) => this.send(delivery)));
      sent += claimed.length;
    }
    return sent;
  }

  private async send(delivery: ClaimedDelivery): Promise<void> {
    const result = await sendWebhook(
      {
        url: delivery.url,
        allowPrivateNetwork: delivery.allowPrivateNetwork,
        allowLoopback: this.config.allowLoopback,
        messageId: messageIdOf(delivery.id),
        body: JSON.stringify(delivery.payload),
        secrets: [delivery.secret, ...(delivery.previousSecret ? [delivery.previousSecret] : [])],
      },
      this.config.timeoutMs,
    );
    await recordResult(this.db, delivery, result, this.config);
  }
}

/**
 * Send everything that is due now, one attempt each, and wait for the answers. Returns how many
 * were sent. (The app polls with a WebhookDispatcher instead, which does not wait.)
 */
export async function deliverDueWebhooks(db: Db, config: WebhookDispatchConfig): Promise<number> {
  const lanes = await new WebhookDispatcher(db, config).poll();
  const sent = await Promise.all(lanes);
  return sent.reduce((total, count) => total + count, 0);
}

/**
 * The delivery job, run by every instance (decision 0033). Each poll returns as soon as its lanes
 * are started; stop() waits for the sends in flight.
 */
export function scheduleWebhookDeliveries(
  jobs: JobRunner,
  db: Db,
  config: WebhookDispatchConfig,
): WebhookDispatcher {
  const dispatcher = new WebhookDispatcher(db, config);
  jobs.every('webhook-deliveries', config.pollIntervalMs, () => dispatcher.poll());
  return dispatcher;
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
