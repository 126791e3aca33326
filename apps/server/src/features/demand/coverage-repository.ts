// What the coverage view reads (#31 item 4): a team's shifts of some days (as published, or as
// on the board) and its people's punches. Only SQL here.
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import type { TimeEventType } from '@punchclock/shared/domain/time-state';
import type { Db } from '../../db/client.ts';
import { publishedShifts, shifts, timeEvents } from '../../db/schema.ts';

export interface CoverageShiftRow {
  userId: string;
  date: string;
  startTime: string;
  endTime: string;
  lunchStart: string | null;
  lunchEnd: string | null;
  position: string | null;
}

const clock = (time: string) => time.slice(0, 5);
const clockOrNull = (time: string | null) => (time === null ? null : clock(time));

/**
 * A team's people-shifts between two dates: the team's own, and those of its people that name no
 * team (a person lent to another team counts there). Open shifts cover nobody and are left out.
 */
export async function listTeamPeopleShifts(
  db: Db,
  filter: {
    teamId: string;
    memberIds: readonly string[];
    from: string;
    to: string;
    version: 'published' | 'planned';
  },
): Promise<CoverageShiftRow[]> {
  const table = filter.version === 'published' ? publishedShifts : shifts;
  const ofTeam: SQL | undefined = or(
    eq(table.teamId, filter.teamId),
    filter.memberIds.length > 0
      ? and(isNull(table.teamId), inArray(table.userId, [...filter.memberIds]))
      : undefined,
  );
  const rows = await db
    .select({
      userId: table.userId,
      date: table.date,
      startTime: table.startTime,
      endTime: table.endTime,
      lunchStart: table.lunchStart,
      lunchEnd: table.lunchEnd,
      position: table.position,
    })
    .from(table)
    .where(
      and(
        ofTeam,
        isNotNull(table.userId),
        gte(table.date, filter.from),
        lte(table.date, filter.to),
        filter.version === 'planned' ? isNull(shifts.deletedAt) : undefined,
      ),
    )
    .orderBy(asc(table.date), asc(table.startTime));
  return rows.flatMap((row) =>
    row.userId === null
      ? []
      : [
          {
            ...row,
            userId: row.userId,
            startTime: clock(row.startTime),
            endTime: clock(row.endTime),
            lunchStart: clockOrNull(row.lunchStart),
            lunchEnd: clockOrNull(row.lunchEnd),
          },
        ],
  );
}

export interface PunchRow {
  userId: string;
  eventType: TimeEventType;
  occurredAt: string;
  date: string;
}

/** Some people's punches in [from, to), oldest first. */
export async function listPunchesBetween(
  db: Db,
  userIds: readonly string[],
  from: Date,
  to: Date,
): Promise<PunchRow[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({
      userId: timeEvents.userId,
      eventType: timeEvents.eventType,
      occurredAt: timeEvents.occurredAt,
      date: timeEvents.date,
    })
    .from(timeEvents)
    .where(
      and(
        inArray(timeEvents.userId, [...userIds]),
        gte(timeEvents.occurredAt, from),
        lt(timeEvents.occurredAt, to),
      ),
    )
    .orderBy(asc(timeEvents.occurredAt));
  return rows.map((row) => ({ ...row, occurredAt: row.occurredAt.toISOString() }));
}
