import { t } from '@lingui/core/macro';
import { randomBytes } from 'node:crypto';
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  WEBHOOK_EVENT_TYPES,
  webhookEndpointInputSchema,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookSecretResponse,
} from '@punchclock/shared/contracts/webhooks';
import type { Db } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import { writeAudit } from '../../platform/audit.ts';
import { Invalid, NotFound, parseInput } from '../../platform/errors.ts';
import type { RequestMeta } from '../../platform/request-meta.ts';
import { whyTargetRefused } from './target-guard.ts';

export interface Actor {
  actorId: string;
  meta: RequestMeta;
}

/** A rotated-out secret keeps signing (beside the new one) this long, so receivers can switch. */
const PREVIOUS_SECRET_HOURS = 24;

/** Standard Webhooks secrets: `whsec_` and base64 of 24 to 64 random bytes. */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/*
 * Counts per endpoint. The delivery table gets its own alias and the endpoint's id is named with
 * its table: drizzle writes a bare column in a select's subquery unqualified, and a bare "id"
 * there is the delivery's own id, so each count once compared a delivery's id with itself.
 */
const countDeliveries = (condition: SQL) =>
  sql<number>`(select count(*)::int from ${webhookDeliveries} as delivery
    where delivery.endpoint_id = ${webhookEndpoints}.id and ${condition})`;
const pendingCount = countDeliveries(sql`delivery.status = 'pending'`);
const failedCount = countDeliveries(
  sql`delivery.status = 'failed' and delivery.created_at > now() - interval '7 days'`,
);

const endpointColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  description: webhookEndpoints.description,
  eventTypes: webhookEndpoints.eventTypes,
  enabled: webhookEndpoints.enabled,
  allowPrivateNetwork: webhookEndpoints.allowPrivateNetwork,
  createdAt: webhookEndpoints.createdAt,
  secretRotatedAt: webhookEndpoints.secretRotatedAt,
  pendingCount,
  failedCount,
};

function selectEndpoints(db: Db) {
  return db.select(endpointColumns).from(webhookEndpoints);
}

type EndpointRow = Awaited<ReturnType<ReturnType<typeof selectEndpoints>['execute']>>[number];

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    ...row,
    eventTypes: row.eventTypes.filter((type): type is WebhookEventType =>
      (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type),
    ),
    createdAt: row.createdAt.toISOString(),
    secretRotatedAt: row.secretRotatedAt?.toISOString() ?? null,
  };
}

export async function listWebhookEndpoints(db: Db): Promise<WebhookEndpoint[]> {
  const rows = await selectEndpoints(db).orderBy(desc(webhookEndpoints.createdAt));
  return rows.map(toEndpoint);
}

async function findEndpoint(db: Db, id: string): Promise<WebhookEndpoint> {
  const [row] = await selectEndpoints(db).where(eq(webhookEndpoints.id, id));
  if (!row) throw new NotFound(t`No such webhook endpoint`);
  return toEndpoint(row);
}

export function parseEndpointId(rawId: string): string {
  const id = z.uuid().safeParse(rawId);
  if (!id.success) throw new NotFound(t`No such webhook endpoint`);
  return id.data;
}

/** What the operator opened beyond an admin's choices (config.webhooks; decision 0040). */
export interface TargetOptions {
  allowLoopback?: boolean;
}

async function parseAndCheck(rawInput: unknown, { allowLoopback = false }: TargetOptions) {
  const input = parseInput(webhookEndpointInputSchema, rawInput);
  const refused = await whyTargetRefused(input.url, input.allowPrivateNetwork, allowLoopback);
  if (refused) throw new Invalid(refused, 'webhook_target_refused');
  const eventTypes = WEBHOOK_EVENT_TYPES.filter((type) => input.eventTypes.includes(type));
  return { ...input, eventTypes };
}

/** Register an endpoint. Its signing secret is in the answer only. */
export async function createWebhookEndpoint(
  db: Db,
  rawInput: unknown,
  actor: Actor,
  targetOptions: TargetOptions = {},
): Promise<WebhookSecretResponse> {
  const input = await parseAndCheck(rawInput, targetOptions);
  const secret = newSecret();
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ ...input, secret, createdBy: actor.actorId })
      .returning({ id: webhookEndpoints.id });
    if (!row) throw new Error('insert into webhook_endpoints returned no row');
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'webhook.create',
      entityType: 'webhook_endpoint',
      entityId: row.id,
      after: input,
      meta: actor.meta,
    });
    return row.id;
  });
  return { endpoint: await findEndpoint(db, id), secret };
}

export async function updateWebhookEndpoint(
  db: Db,
  rawId: string,
  rawInput: unknown,
  actor: Actor,
  targetOptions: TargetOptions = {},
): Promise<WebhookEndpoint> {
  const id = parseEndpointId(rawId);
  const input = await parseAndCheck(rawInput, targetOptions);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        url: webhookEndpoints.url,
        description: webhookEndpoints.description,
        eventTypes: webhookEndpoints.eventTypes,
        enabled: webhookEndpoints.enabled,
        allowPrivateNetwork: webhookEndpoints.allowPrivateNetwork,
      })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id))
      .for('update');
    if (!before) throw new NotFound(t`No such webhook endpoint`);
    await tx.update(webhookEndpoints).set(input).where(eq(webhookEndpoints.id, id));
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'webhook.update',
      entityType: 'webhook_endpoint',
      entityId: id,
      before,
      after: input,
      meta: actor.meta,
    });
  });
  return findEndpoint(db, id);
}

/** Remove an endpoint and its delivery log. */
export async function removeWebhookEndpoint(db: Db, rawId: string, actor: Actor): Promise<void> {
  const id = parseEndpointId(rawId);
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id))
      .returning({ url: webhookEndpoints.url });
    if (!removed) throw new NotFound(t`No such webhook endpoint`);
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'webhook.remove',
      entityType: 'webhook_endpoint',
      entityId: id,
      before: removed,
      meta: actor.meta,
    });
  });
}

/** A new signing secret; the old one also signs for a day, so the receiver can switch over. */
export async function rotateWebhookSecret(
  db: Db,
  rawId: string,
  actor: Actor,
): Promise<WebhookSecretResponse> {
  const id = parseEndpointId(rawId);
  const secret = newSecret();
  await db.transaction(async (tx) => {
    const [rotated] = await tx
      .update(webhookEndpoints)
      .set({
        previousSecret: sql`${webhookEndpoints.secret}`,
        previousSecretUntil: sql`now() + make_interval(hours => ${PREVIOUS_SECRET_HOURS})`,
        secret,
        secretRotatedAt: sql`now()`,
      })
      .where(eq(webhookEndpoints.id, id))
      .returning({ id: webhookEndpoints.id });
    if (!rotated) throw new NotFound(t`No such webhook endpoint`);
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'webhook.rotate_secret',
      entityType: 'webhook_endpoint',
      entityId: id,
      meta: actor.meta,
    });
  });
  return { endpoint: await findEndpoint(db, id), secret };
}
