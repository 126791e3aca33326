// Teams' roster settings (#30): claims approved without a manager, and time-off allotments.
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { TeamRosterSettings } from '@punchclock/shared/contracts/rosters';
import type { Db } from '../../db/client.ts';
import { allotmentDays, teamRosterSettings, teams } from '../../db/schema.ts';
import type { TeamScope } from '../people/index.ts';

/** Every team of a scope with its settings (the defaults for a team that never set any). */
export async function listTeamSettings(db: Db, scope: TeamScope): Promise<TeamRosterSettings[]> {
  if (scope !== null && scope.length === 0) return [];
  return db
    .select({
      teamId: teams.id,
      teamName: teams.name,
      autoApproveClaims: sql<boolean>`coalesce(${teamRosterSettings.autoApproveClaims}, false)`,
      maxOffPerDay: teamRosterSettings.maxOffPerDay,
    })
    .from(teams)
    .leftJoin(teamRosterSettings, eq(teamRosterSettings.teamId, teams.id))
    .where(scope === null ? undefined : inArray(teams.id, scope))
    .orderBy(asc(sql`lower(${teams.name})`));
}

export async function upsertTeamSettings(
  db: Db,
  teamId: string,
  values: { autoApproveClaims: boolean; maxOffPerDay: number | null },
): Promise<void> {
  await db
    .insert(teamRosterSettings)
    .values({ teamId, ...values })
    .onConflictDoUpdate({ target: teamRosterSettings.teamId, set: values });
}

export interface AllotmentDay {
  teamId: string;
  date: string;
  maxOff: number;
}

/** Days whose allotment differs from the team's usual one, of a scope, optionally in a range. */
export async function listAllotmentDays(
  db: Db,
  scope: TeamScope,
  range?: { from: string; to: string },
): Promise<AllotmentDay[]> {
  if (scope !== null && scope.length === 0) return [];
  return db
    .select({
      teamId: allotmentDays.teamId,
      date: allotmentDays.date,
      maxOff: allotmentDays.maxOff,
    })
    .from(allotmentDays)
    .where(
      and(
        scope === null ? undefined : inArray(allotmentDays.teamId, scope),
        range ? gte(allotmentDays.date, range.from) : undefined,
        range ? lte(allotmentDays.date, range.to) : undefined,
      ),
    )
    .orderBy(asc(allotmentDays.date), asc(allotmentDays.teamId));
}

export async function findAllotmentDay(
  db: Db,
  teamId: string,
  date: string,
): Promise<AllotmentDay | null> {
  const [row] = await db
    .select({
      teamId: allotmentDays.teamId,
      date: allotmentDays.date,
      maxOff: allotmentDays.maxOff,
    })
    .from(allotmentDays)
    .where(and(eq(allotmentDays.teamId, teamId), eq(allotmentDays.date, date)));
  return row ?? null;
}

export async function upsertAllotmentDay(db: Db, day: AllotmentDay): Promise<void> {
  await db
    .insert(allotmentDays)
    .values(day)
    .onConflictDoUpdate({
      target: [allotmentDays.teamId, allotmentDays.date],
      set: { maxOff: day.maxOff },
    });
}

export async function deleteAllotmentDay(db: Db, teamId: string, date: string): Promise<void> {
  await db
    .delete(allotmentDays)
    .where(and(eq(allotmentDays.teamId, teamId), eq(allotmentDays.date, date)));
}
