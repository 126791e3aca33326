import { and, gte, inArray } from 'drizzle-orm';
import { shiftDate, toBusinessDate } from '@punchclock/shared/domain/business-time';
import { deriveTimeState, type TimeState } from '@punchclock/shared/domain/time-state';
import type { Db } from '../../db/client.ts';
import { timeEvents } from '../../db/schema.ts';

/** The current time state of each of a few people (e.g. one page of the user list). */
export async function deriveCurrentStates(
  db: Db,
  userIds: string[],
  timeZone: string,
  now: Date = new Date(),
): Promise<Map<string, TimeState>> {
  const states = new Map<string, TimeState>();
  if (userIds.length === 0) return states;
  const today = toBusinessDate(now, timeZone);
  const rows = await db
    .select({
      userId: timeEvents.userId,
      eventType: timeEvents.eventType,
      occurredAt: timeEvents.occurredAt,
      date: timeEvents.date,
    })
    .from(timeEvents)
    .where(and(inArray(timeEvents.userId, userIds), gte(timeEvents.date, shiftDate(today, -1))));
  for (const userId of userIds) {
    const events = rows
      .filter((row) => row.userId === userId)
      .map((row) => ({ ...row, occurredAt: row.occurredAt.toISOString() }));
    states.set(userId, deriveTimeState(events, now.getTime(), today));
  }
  return states;
}
