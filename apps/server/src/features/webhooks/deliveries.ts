import { t } from '@lingui/core/macro';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  webhookDeliveriesQuerySchema,
  type WebhookDelivery,
  type WebhookEventType,
} from '@punchclock/shared/contracts/webhooks';
import type { Db } from '../../db/client.ts';
import { webhookDeliveries } from '../../db/schema.ts';
import { writeAudit } from '../../platform/audit.ts';
import { NotFound, parseInput } from '../../platform/errors.ts';
import { messageIdOf } from './dispatch.ts';
import { parseEndpointId, type Actor } from './endpoints.ts';

/** How much of the log one look shows: the newest deliveries. */
const LOG_LIMIT = 100;

export async function listDeliveries(
  db: Db,
  rawEndpointId: string,
  rawQuery: unknown,
): Promise<WebhookDelivery[]> {
  const endpointId = parseEndpointId(rawEndpointId);
  const { status } = parseInput(webhookDeliveriesQuerySchema, rawQuery);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        status ? eq(webhookDeliveries.status, status) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.auditId))
    .limit(LOG_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    messageId: messageIdOf(row.id),
    // Only the outbox trigger writes this column, and only with these types.
    eventType: row.eventType as WebhookEventType,
    status: row.status,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    lastResponseStatus: row.lastResponseStatus,
    lastError: row.lastError,
    payload: row.payload as Record<string, unknown>,
  }));
}

/**
 * Send a delivery again now, with the same webhook-id (receivers de-duplicate on it), and give it
 * a fresh day of retries. Works on delivered and failed ones alike.
 */
export async function resendDelivery(db: Db, rawId: string, actor: Actor): Promise<void> {
  const id = z.uuid().safeParse(rawId);
  if (!id.success) throw new NotFound(t`No such delivery`);
  await db.transaction(async (tx) => {
    const [resent] = await tx
      .update(webhookDeliveries)
      .set({
        status: 'pending',
        // A fresh start: the backoff begins again from its first, short step.
        attempts: 0,
        nextAttemptAt: sql`now()`,
        retryUntil: sql`now() + interval '24 hours'`,
        deliveredAt: null,
      })
      .where(eq(webhookDeliveries.id, id.data))
      .returning({
        endpointId: webhookDeliveries.endpointId,
        eventType: webhookDeliveries.eventType,
      });
    if (!resent) throw new NotFound(t`No such delivery`);
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'webhook.resend',
      entityType: 'webhook_delivery',
      entityId: id.data,
      after: resent,
      meta: actor.meta,
    });
  });
}
