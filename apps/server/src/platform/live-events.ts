import { t } from '@lingui/core/macro';
import type { ServerResponse } from 'node:http';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  ALL_LIVE_TOPICS,
  LIVE_TOPICS,
  type LiveEventName,
  type LiveMessage,
  type LiveTopic,
} from '@punchclock/shared/contracts/live';
import { ROLES, type Role } from '@punchclock/shared/domain/roles';
import type { Database, Db } from '../db/client.ts';
import { param } from '../db/prepared.ts';

/**
 * Live updates across instances: a change NOTIFYs `punchclock_live` (with ids only) inside its
 * transaction, so it is sent at commit; every instance LISTENs and forwards it to the browsers
 * of that user over Server-Sent Events. NOTIFY is fire-and-forget, so browsers re-fetch on
 * reconnect and after this instance's LISTEN connection comes back.
 */
export const LIVE_CHANNEL = 'punchclock_live';

const livePayloadSchema = z.union([
  z.object({ userId: z.uuid(), topic: z.enum(LIVE_TOPICS) }),
  z.object({ role: z.enum(ROLES), topic: z.enum(LIVE_TOPICS) }),
]);
export type LivePayload = z.infer<typeof livePayloadSchema>;

/** Queue a live message for `userId`; delivered when `db`'s transaction commits. */
export async function notifyLive(db: Db, userId: string, topic: LiveTopic): Promise<void> {
  await sendPayload(db, { userId, topic });
}

/** Queue a live message for every signed-in user with `role` (e.g. the admins' live boards). */
export async function notifyLiveToRole(db: Db, role: Role, topic: LiveTopic): Promise<void> {
  await sendPayload(db, { role, topic });
}

async function sendPayload(db: Db, payload: LivePayload): Promise<void> {
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(payload)})`);
}

/** Under PostgreSQL's 8,000-byte limit on a NOTIFY's payload. */
const NOTIFY_PAYLOAD_MAX_BYTES = 7_500;

/**
 * Queue many live messages (delivered at commit) in one statement: as JSON arrays, each NOTIFY
 * holding as many as fit under the payload limit (the hub dispatches arrays). A period's
 * approval tells thousands of people at once (issue #32).
 */
export async function notifyLiveAll(db: Db, payloads: readonly LivePayload[]): Promise<void> {
  const batches: string[] = [];
  let batch: string[] = [];
  let bytes = 2;
  for (const payload of payloads) {
    const json = JSON.stringify(payload);
    if (batch.length > 0 && bytes + json.length + 1 > NOTIFY_PAYLOAD_MAX_BYTES) {
      batches.push(`[${batch.join(',')}]`);
      batch = [];
      bytes = 2;
    }
    batch.push(json);
    bytes += json.length + 1;
  }
  if (batch.length > 0) batches.push(`[${batch.join(',')}]`);
  if (batches.length === 0) return;
  await db.execute(sql`
    select pg_notify(${LIVE_CHANNEL}, batch)
    from json_array_elements_text(${JSON.stringify(batches)}::json) batch`);
}

/** The parameters of notifyLiveSql: these messages. */
export function notifyLiveParams(payloads: LivePayload[]) {
  return { liveMessages: JSON.stringify(payloads) };
}

/**
 * The messages of notifyLiveParams as a SELECT for a prepared statement's WITH clause: sent (at
 * commit) only when `onlyIf` holds, as one NOTIFY whose payload is their JSON array — each
 * NOTIFY is work for the database and for every instance's LISTEN connection. Not evaluated
 * unless the statement reads from it, e.g. count(*).
 */
export function notifyLiveSql(onlyIf: SQL): SQL {
  return sql`
    select pg_notify(${LIVE_CHANNEL}, ${param('liveMessages')}::text)
    where ${param('liveMessages')}::text <> '[]' and ${onlyIf}`;
}

const HEARTBEAT_MS = 25_000;
/** When browsers reconnect after this instance ended their streams on shutdown. */
const SHUTDOWN_RETRY_MIN_MS = 1_000;
const SHUTDOWN_RETRY_MAX_MS = 5_000;

interface Subscriber {
  sessionId: string;
  userId: string;
  role: Role | null;
  response: ServerResponse;
}

export interface LiveStreamLimits {
  perSession: number;
  perUser: number;
  perInstance: number;
}

/** Why a new stream is refused, in words for the person; null when it may open. */
export type LiveStreamRefusal = string | null;

/**
 * Streams are plain open HTTP responses held by this process, so every count (and so every
 * limit) is per instance: behind a load balancer a person may hold up to the limit on each one.
 */
export class LiveHub {
  private subscribers = new Set<Subscriber>();
  private perSession = new Map<string, number>();
  private perUser = new Map<string, number>();
  private sequence = 0;
  private heartbeat: NodeJS.Timeout | undefined;
  private stopListening: (() => Promise<void>) | undefined;

  async start(database: Database): Promise<void> {
    this.stopListening = await database.listen(LIVE_CHANNEL, {
      onNotification: (payload) => this.dispatch(payload),
      onReconnect: () => this.broadcastResync(),
    });
    // Comments keep proxies and load balancers from closing idle streams.
    this.heartbeat = setInterval(() => {
      for (const subscriber of this.subscribers) subscriber.response.write(': ping\n\n');
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  constructor(private readonly limits: LiveStreamLimits) {}

  /** Checked just before subscribe (no await between), so the counts cannot move meanwhile. */
  refusalFor(sessionId: string, userId: string): LiveStreamRefusal {
    if ((this.perSession.get(sessionId) ?? 0) >= this.limits.perSession) {
      const max = this.limits.perSession;
      return t`Too many live connections from this browser session (at most ${max}). Close some tabs and reload.`;
    }
    if ((this.perUser.get(userId) ?? 0) >= this.limits.perUser) {
      const max = this.limits.perUser;
      return t`Too many live connections for your account (at most ${max}). Close some tabs or sign out elsewhere.`;
    }
    if (this.subscribers.size >= this.limits.perInstance) {
      return t`This server has too many live connections right now. Try again shortly.`;
    }
    return null;
  }

  /** Attach an SSE response for a user; it is removed when the browser goes away. */
  subscribe(
    { sessionId, userId, role }: { sessionId: string; userId: string; role: Role | null },
    response: ServerResponse,
  ): void {
    const subscriber = { sessionId, userId, role, response };
    this.subscribers.add(subscriber);
    adjust(this.perSession, sessionId, +1);
    adjust(this.perUser, userId, +1);
    response.on('close', () => {
      if (!this.subscribers.delete(subscriber)) return;
      adjust(this.perSession, sessionId, -1);
      adjust(this.perUser, userId, -1);
    });
    this.send(subscriber, 'ready', { topic: ALL_LIVE_TOPICS });
  }

  subscriberCount(): number {
    return this.subscribers.size;
  }

  /**
   * Ends every stream (the instance is shutting down). Each gets a `retry:` hint first, spread
   * over a few seconds so thousands of browsers do not reconnect at the same instant; by then
   * the load balancer sends them to another instance.
   */
  async stop(random: () => number = Math.random): Promise<void> {
    clearInterval(this.heartbeat);
    await this.stopListening?.();
    for (const subscriber of this.subscribers) {
      const retryMs =
        SHUTDOWN_RETRY_MIN_MS +
        Math.floor(random() * (SHUTDOWN_RETRY_MAX_MS - SHUTDOWN_RETRY_MIN_MS));
      subscriber.response.end(`retry: ${retryMs}\n\n`);
    }
    this.subscribers.clear();
    this.perSession.clear();
    this.perUser.clear();
  }

  /**
   * A NOTIFY carries one message, or several as a JSON array (one statement's, notifyLiveSql).
   * A message that is not ours is skipped; the others in its batch still go out.
   */
  private dispatch(payload: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      return; // not ours
    }
    for (const candidate of Array.isArray(parsed) ? parsed : [parsed]) {
      const message = livePayloadSchema.safeParse(candidate);
      if (!message.success) continue;
      const { data } = message;
      for (const subscriber of this.subscribers) {
        const isAddressed =
          'userId' in data ? subscriber.userId === data.userId : subscriber.role === data.role;
        if (isAddressed) this.send(subscriber, 'change', { topic: data.topic });
      }
    }
  }

  private broadcastResync(): void {
    for (const subscriber of this.subscribers)
      this.send(subscriber, 'change', { topic: ALL_LIVE_TOPICS });
  }

  private send(subscriber: Subscriber, event: LiveEventName, data: LiveMessage): void {
    this.sequence += 1;
    subscriber.response.write(
      `id: ${this.sequence}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`,
    );
  }
}

/** Add `delta` to a count, dropping keys that reach zero so the maps do not grow forever. */
function adjust(counts: Map<string, number>, key: string, delta: number): void {
  const next = (counts.get(key) ?? 0) + delta;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}
