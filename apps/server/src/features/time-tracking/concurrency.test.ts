import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkTransition,
  TIME_EVENT_TYPES,
  type TimeEventType,
  type TimeState,
} from '@punchclock/shared/domain/time-state';
import { auditLog, dayMetricsQueue, timeEvents } from '../../db/schema.ts';
import { SYSTEM_META } from '../../platform/request-meta.ts';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createSessionUser, createSessionUsers, postTimeEvent } from '../../test/time-tracking.ts';
import { writePunch, type PunchWrite } from './repository.ts';

describeEachDatabase('time-tracking under concurrency', (getDatabase) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
  });
  afterAll(async () => {
    await app.close();
  });

  it('50 parallel actions of one user leave a sequence the state machine allows', async () => {
    const user = await createSessionUser(getDatabase().db);
    // Mostly valid-looking traffic from many tabs, with clock_in first so some get through.
    const types: TimeEventType[] = Array.from(
      { length: 50 },
      (_, index) => TIME_EVENT_TYPES[(index * 7 + Math.floor(index / 3)) % 4] ?? 'clock_in',
    );
    types[0] = 'clock_in';

    const responses = await Promise.all(
      types.map((eventType) => postTimeEvent(app, user.cookie, { id: randomUUID(), eventType })),
    );

    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    const accepted = responses.filter((response) => response.statusCode === 201);
    expect(accepted.length).toBeGreaterThan(1);
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(refused.json().code).toBe('invalid_transition');
    }

    const rows = await getDatabase()
      .db.select()
      .from(timeEvents)
      .where(eq(timeEvents.userId, user.id))
      .orderBy(asc(timeEvents.occurredAt));
    expect(rows.map((row) => row.id).sort()).toEqual(
      accepted.map((response) => response.json().event.id as string).sort(),
    );
    // The server decided them one at a time (the audit row id is taken under the user's lock);
    // their times must follow that order strictly, or the state read back by time differs from
    // the state each decision was checked against.
    const decided = await getDatabase()
      .db.select({ entityId: auditLog.entityId })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'time_event.record'),
          inArray(
            auditLog.entityId,
            rows.map((row) => row.id),
          ),
        ),
      )
      .orderBy(asc(auditLog.id));
    expect(decided.map((row) => row.entityId)).toEqual(rows.map((row) => row.id));
    const instants = rows.map((row) => row.occurredAt.getTime());
    expect(new Set(instants).size).toBe(instants.length);

    let state: TimeState = 'none';
    for (const row of rows) {
      expect(
        checkTransition(state, row.eventType),
        `${state} → ${row.eventType} at ${row.occurredAt.toISOString()}`,
      ).toEqual({ allowed: true });
      state = row.eventType;
    }
  });

  it('1,000 users clocking in at once lose nothing', async () => {
    const db = getDatabase().db;
    const people = await createSessionUsers(db, 1_000);

    const responses = await Promise.all(
      people.map((person) => postTimeEvent(app, person.cookie, { eventType: 'clock_in' })),
    );

    const failed = responses.filter((response) => response.statusCode !== 201);
    expect(failed.map((response) => `${response.statusCode} ${response.body}`)).toEqual([]);
    const rows = await db
      .select({ userId: timeEvents.userId, eventType: timeEvents.eventType })
      .from(timeEvents)
      .where(
        inArray(
          timeEvents.userId,
          people.map((person) => person.id),
        ),
      );
    expect(rows).toHaveLength(1_000);
    expect(new Set(rows.map((row) => row.userId)).size).toBe(1_000);
    expect(rows.every((row) => row.eventType === 'clock_in')).toBe(true);
  }, 120_000); // 1,000 sign-ups and punches: ~11 s alone, 30 s+ when the 2-core machine is busy

  it('applies ten parallel submits of one event id once, and replays it to the others', async () => {
    const db = getDatabase().db;
    const user = await createSessionUser(db);
    const id = randomUUID();

    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        postTimeEvent(app, user.cookie, { id, eventType: 'clock_in' }),
      ),
    );

    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const bodies = responses.map((response) => response.json().event as { occurredAt: string });
    expect(new Set(bodies.map((body) => body.occurredAt)).size).toBe(1);
    expect(
      await db.select({ id: timeEvents.id }).from(timeEvents).where(eq(timeEvents.userId, user.id)),
    ).toEqual([{ id }]);
    const audits = await db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'time_event.record'), eq(auditLog.entityId, id)));
    expect(audits).toHaveLength(1);
  });

  describe('the one-statement write', () => {
    function punchFor(userId: string, decidedOn: string[]): PunchWrite {
      const occurredAt = new Date();
      const date = occurredAt.toISOString().slice(0, 10);
      return {
        event: {
          id: randomUUID(),
          userId,
          eventType: 'clock_in',
          occurredAt,
          date,
          shiftDate: date,
          source: 'web',
          kioskDeviceId: null,
        },
        decidedOn: { from: '2000-01-01', eventIds: decidedOn },
        audit: {
          actorId: userId,
          action: 'time_event.record',
          entityType: 'time_event',
          meta: SYSTEM_META,
        },
        latePunchReview: null,
        staleDays: { from: date, to: date },
        live: [{ userId, topic: 'time_events' }],
      };
    }

    async function writtenFor(userId: string) {
      const db = getDatabase().db;
      const [events, audits, queued] = await Promise.all([
        db.select({ id: timeEvents.id }).from(timeEvents).where(eq(timeEvents.userId, userId)),
        db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.actorId, userId)),
        db
          .select({ date: dayMetricsQueue.date })
          .from(dayMetricsQueue)
          .where(eq(dayMetricsQueue.userId, userId)),
      ]);
      return { events: events.length, audits: audits.length, queued: queued.length };
    }

    it('writes the punch, its audit row and its stale day when nothing changed since the read', async () => {
      const user = await createSessionUser(getDatabase().db);
      expect(await writePunch(getDatabase().db, punchFor(user.id, []))).toBe('recorded');
      expect(await writtenFor(user.id)).toEqual({ events: 1, audits: 1, queued: 1 });
    });

    it('writes nothing when a punch came in after the read, or the id is taken', async () => {
      const db = getDatabase().db;
      const user = await createSessionUser(db);
      const first = punchFor(user.id, []);
      expect(await writePunch(db, first)).toBe('recorded');
      await db.delete(dayMetricsQueue).where(eq(dayMetricsQueue.userId, user.id));

      // Decided on "no punches yet", but the first one is there now.
      expect(await writePunch(db, punchFor(user.id, []))).toBe('stale');
      // The same id again, decided on what is there.
      const again = { ...punchFor(user.id, [first.event.id]), event: first.event };
      expect(await writePunch(db, again)).toBe('id_taken');
      expect(await writtenFor(user.id)).toEqual({ events: 1, audits: 1, queued: 0 });

      // Decided on what is there: goes through.
      expect(await writePunch(db, punchFor(user.id, [first.event.id]))).toBe('recorded');
      expect(await writtenFor(user.id)).toEqual({ events: 2, audits: 2, queued: 1 });
    });
  });
});
