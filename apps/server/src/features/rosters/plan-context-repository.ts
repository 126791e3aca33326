import { and, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import type { AvailabilityKind } from '@punchclock/shared/contracts/rosters';
import type { RosterShift } from '@punchclock/shared/domain/roster/shift';
import type { Db } from '../../db/client.ts';
import {
  availabilityExceptions,
  availabilityRules,
  profiles,
  publishedShifts,
  shifts,
} from '../../db/schema.ts';

/** "HH:mm" of a time column ("09:00:00"), null kept. */
function clock<T extends string | null>(time: T): T {
  return (time === null ? null : time.slice(0, 5)) as T;
}

/**
 * The people's roster shifts between two dates: the planners' working copy without deleted ones
 * ('planned'), or what they were last published as ('published').
 */
export async function listPeopleShifts(
  db: Db,
  filter: {
    userIds: readonly string[];
    from: string;
    to: string;
    version: 'planned' | 'published';
  },
): Promise<(RosterShift & { userId: string })[]> {
  if (filter.userIds.length === 0) return [];
  const userIds = [...filter.userIds];
  const rows =
    filter.version === 'planned'
      ? await db
          .select({
            id: shifts.id,
            userId: shifts.userId,
            date: shifts.date,
            startTime: shifts.startTime,
            endTime: shifts.endTime,
            lunchStart: shifts.lunchStart,
            lunchEnd: shifts.lunchEnd,
            breakDurationMins: shifts.breakDurationMins,
            position: shifts.position,
            overrideReason: shifts.overrideReason,
          })
          .from(shifts)
          .where(
            and(
              inArray(shifts.userId, userIds),
              isNull(shifts.deletedAt),
              gte(shifts.date, filter.from),
              lte(shifts.date, filter.to),
            ),
          )
      : await db
          .select({
            id: publishedShifts.id,
            userId: publishedShifts.userId,
            date: publishedShifts.date,
            startTime: publishedShifts.startTime,
            endTime: publishedShifts.endTime,
            lunchStart: publishedShifts.lunchStart,
            lunchEnd: publishedShifts.lunchEnd,
            breakDurationMins: publishedShifts.breakDurationMins,
            position: publishedShifts.position,
            // A published shift keeps no override of its own; the board's copy has it.
            overrideReason: shifts.overrideReason,
          })
          .from(publishedShifts)
          .leftJoin(shifts, eq(shifts.id, publishedShifts.id))
          .where(
            and(
              inArray(publishedShifts.userId, userIds),
              gte(publishedShifts.date, filter.from),
              lte(publishedShifts.date, filter.to),
            ),
          );
  return rows.flatMap((row) =>
    row.userId === null
      ? []
      : [
          {
            ...row,
            userId: row.userId,
            startTime: clock(row.startTime),
            endTime: clock(row.endTime),
            lunchStart: clock(row.lunchStart),
            lunchEnd: clock(row.lunchEnd),
          },
        ],
  );
}

/** The people's weekly availability rules. */
export async function listPeopleAvailabilityRules(db: Db, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({
      userId: availabilityRules.userId,
      weekday: availabilityRules.weekday,
      kind: availabilityRules.kind,
      startTime: availabilityRules.startTime,
      endTime: availabilityRules.endTime,
    })
    .from(availabilityRules)
    .where(inArray(availabilityRules.userId, [...userIds]));
  return rows.map((row) => ({
    ...row,
    kind: row.kind as AvailabilityKind,
    startTime: clock(row.startTime),
    endTime: clock(row.endTime),
  }));
}

/** The people's one-off availability between two dates. */
export async function listPeopleAvailabilityExceptions(
  db: Db,
  filter: { userIds: readonly string[]; from: string; to: string },
) {
  if (filter.userIds.length === 0) return [];
  const rows = await db
    .select({
      userId: availabilityExceptions.userId,
      date: availabilityExceptions.date,
      kind: availabilityExceptions.kind,
      startTime: availabilityExceptions.startTime,
      endTime: availabilityExceptions.endTime,
    })
    .from(availabilityExceptions)
    .where(
      and(
        inArray(availabilityExceptions.userId, [...filter.userIds]),
        gte(availabilityExceptions.date, filter.from),
        lte(availabilityExceptions.date, filter.to),
      ),
    );
  return rows.map((row) => ({
    ...row,
    kind: row.kind as AvailabilityKind,
    startTime: clock(row.startTime),
    endTime: clock(row.endTime),
  }));
}

/** The positions (skills) each person may work. */
export async function listPeoplePositions(db: Db, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: profiles.id, positions: profiles.positions })
    .from(profiles)
    .where(inArray(profiles.id, [...userIds]));
}
