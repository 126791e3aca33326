import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { vi } from 'vitest';
import type { TimeEvent } from '@punchclock/shared/contracts/time-tracking';
import { toBusinessDate } from '@punchclock/shared/domain/business-time';
import type { TimeEventType } from '@punchclock/shared/domain/time-state';
import type { Db } from '../db/client.ts';
import { MAX_OPEN_SHIFT_HOURS } from '@punchclock/shared/domain/time-state';
import { profiles, timeEvents, users } from '../db/schema.ts';
import { hashPassword } from '../platform/passwords.ts';
import { createSession } from '../platform/sessions.ts';
import { CSRF_HEADERS, SESSION_COOKIE_NAME } from './app.ts';
import { TEST_PASSWORD, uniqueEmail } from './factories.ts';

export const TORONTO = 'America/Toronto';

export interface RecordBody {
  id?: string;
  eventType: TimeEventType | string;
  capturedOfflineAt?: string;
}

/** POST /api/time-events as the web app sends it; a fresh event id unless one is given. */
export function postTimeEvent(
  app: FastifyInstance,
  cookie: string,
  body: RecordBody,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/time-events',
    headers: { ...CSRF_HEADERS, cookie, 'user-agent': 'punchclock-tests' },
    payload: { id: randomUUID(), ...body },
  });
}

/** Records an action that must succeed and returns the stored event. */
export async function recordEvent(
  app: FastifyInstance,
  cookie: string,
  eventType: TimeEventType,
): Promise<TimeEvent> {
  const response = await postTimeEvent(app, cookie, { eventType });
  if (response.statusCode !== 201) {
    throw new Error(`recording ${eventType} failed: ${response.statusCode} ${response.body}`);
  }
  return (response.json() as { event: TimeEvent }).event;
}

export function getJson(app: FastifyInstance, cookie: string | null, url: string) {
  return app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

export interface PunchRow {
  eventType: TimeEventType;
  /** Any ISO instant; the business date is derived from it in Toronto unless given. */
  occurredAt: string;
  date?: string;
  source?: TimeEvent['source'];
}

/** Writes punches straight into time_events (for past days and chosen times). */
export async function insertPunches(db: Db, userId: string, punches: PunchRow[]): Promise<void> {
  if (punches.length === 0) return;
  // As the service does: a clock-in from no state (or after a clock-out, or once a shift has
  // been open 16 h) opens a shift on its own day; other punches belong to the open shift.
  let openShift: { date: string; startMs: number } | undefined;
  await db.insert(timeEvents).values(
    punches.map((punch) => {
      const date = punch.date ?? toBusinessDate(punch.occurredAt, TORONTO);
      const atMs = Date.parse(punch.occurredAt);
      if (openShift && atMs - openShift.startMs > MAX_OPEN_SHIFT_HOURS * 3_600_000)
        openShift = undefined;
      if (punch.eventType === 'clock_in' && !openShift) openShift = { date, startMs: atMs };
      const shiftDate = openShift?.date ?? date;
      if (punch.eventType === 'clock_out') openShift = undefined;
      return {
        id: randomUUID(),
        userId,
        eventType: punch.eventType,
        occurredAt: new Date(punch.occurredAt),
        date,
        shiftDate,
        source: punch.source ?? 'web',
      };
    }),
  );
}

let sharedHash: Promise<string> | undefined;

export interface SessionUser {
  id: string;
  email: string;
  /** The Cookie request header of a live session. */
  cookie: string;
}

const SESSION_POLICY = { idleMinutes: 60, absoluteHours: 12 };
const TEST_META = { ip: '127.0.0.1', userAgent: 'punchclock-tests' };

/**
 * `count` employees with a profile and a live session each, without hashing or signing in
 * per user: one argon2 hash for all, bulk inserts, and sessions made directly.
 */
export async function createSessionUsers(db: Db, count: number): Promise<SessionUser[]> {
  sharedHash ??= hashPassword(TEST_PASSWORD);
  const passwordHash = await sharedHash;
  const created: { id: string; email: string }[] = [];
  const batchSize = 500;
  for (let start = 0; start < count; start += batchSize) {
    const rows = Array.from({ length: Math.min(batchSize, count - start) }, () => ({
      email: uniqueEmail('punch'),
      passwordHash,
    }));
    created.push(
      ...(await db.insert(users).values(rows).returning({ id: users.id, email: users.email })),
    );
  }
  for (let start = 0; start < created.length; start += batchSize) {
    const batch = created.slice(start, start + batchSize);
    await db.insert(profiles).values(batch.map((user) => ({ id: user.id })));
  }
  return Promise.all(
    created.map(async (user) => {
      const token = await createSession(db, user.id, SESSION_POLICY, TEST_META);
      return { ...user, cookie: `${SESSION_COOKIE_NAME}=${token}` };
    }),
  );
}

/** A second signed-in session (another browser) for an existing user: its cookie. */
export async function newSessionCookie(db: Db, userId: string): Promise<string> {
  const token = await createSession(db, userId, SESSION_POLICY, TEST_META);
  return `${SESSION_COOKIE_NAME}=${token}`;
}

export async function createSessionUser(db: Db): Promise<SessionUser> {
  const [user] = await createSessionUsers(db, 1);
  if (!user) throw new Error('no user created');
  return user;
}

/** Polls `check` until it stops throwing (or returns true), or fails after `timeoutMs`. */
export async function waitFor(
  check: () => unknown,
  { timeoutMs = 5_000, intervalMs = 20 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<void> {
  await vi.waitFor(
    async () => {
      if ((await check()) === false) throw new Error('condition still false');
    },
    { timeout: timeoutMs, interval: intervalMs },
  );
}
