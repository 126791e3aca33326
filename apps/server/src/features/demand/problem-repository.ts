// What the auto-fill and coverage read about a team (#31): its demand settings (defaults until a
// planner saves some), its requirements, its people. Only SQL here.
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { DemandSettings } from '@punchclock/shared/contracts/demand';
import type { Db } from '../../db/client.ts';
import { demandSettings, profiles, staffingRequirements, users } from '../../db/schema.ts';

/** The schema's defaults (migration 0037): a team that never saved settings plans with these. */
export function defaultDemandSettings(teamId: string): DemandSettings {
  return {
    teamId,
    intervalMinutes: 30,
    serviceLevelPercent: 80,
    answerSeconds: 20,
    shrinkagePercent: 30,
    shiftLengthsMinutes: [480],
    startStepMinutes: 30,
    earliestStart: '06:00',
    latestEnd: '22:00',
    lunchMinutes: 30,
    breakDurationMins: 15,
    minWeekMinutes: 0,
    maxWeekMinutes: 2400,
    underCoverHourCost: 200,
    overCoverHourCost: 5,
    preferNotCost: 30,
  };
}

/** A team's demand settings as stored, or the defaults. */
export async function readTeamDemandSettings(db: Db, teamId: string): Promise<DemandSettings> {
  const [row] = await db.select().from(demandSettings).where(eq(demandSettings.teamId, teamId));
  if (!row) return defaultDemandSettings(teamId);
  return {
    teamId,
    intervalMinutes: row.intervalMinutes === 15 ? 15 : 30,
    serviceLevelPercent: row.serviceLevelPercent,
    answerSeconds: row.answerSeconds,
    shrinkagePercent: row.shrinkagePercent,
    shiftLengthsMinutes: row.shiftLengthsMinutes,
    startStepMinutes: row.startStepMinutes === 15 ? 15 : row.startStepMinutes === 60 ? 60 : 30,
    earliestStart: row.earliestStart.slice(0, 5),
    latestEnd: row.latestEnd.slice(0, 5),
    lunchMinutes: row.lunchMinutes,
    breakDurationMins: row.breakDurationMins,
    minWeekMinutes: row.minWeekMinutes,
    maxWeekMinutes: row.maxWeekMinutes,
    underCoverHourCost: row.underCoverHourCost,
    overCoverHourCost: row.overCoverHourCost,
    preferNotCost: row.preferNotCost,
  };
}

export interface RequirementRow {
  position: string;
  startsAt: Date;
  minutes: number;
  required: number;
}

/** A team's requirements between two business days (inclusive), every position or one. */
export async function listRequirements(
  db: Db,
  filter: { teamId: string; from: string; to: string; position?: string },
): Promise<RequirementRow[]> {
  return db
    .select({
      position: staffingRequirements.position,
      startsAt: staffingRequirements.startsAt,
      minutes: staffingRequirements.minutes,
      required: staffingRequirements.required,
    })
    .from(staffingRequirements)
    .where(
      and(
        eq(staffingRequirements.teamId, filter.teamId),
        gte(staffingRequirements.date, filter.from),
        lte(staffingRequirements.date, filter.to),
        filter.position === undefined
          ? undefined
          : eq(staffingRequirements.position, filter.position),
      ),
    )
    .orderBy(asc(staffingRequirements.startsAt));
}

export interface TeamMember {
  userId: string;
  name: string;
  positions: string[];
}

/** A team's people who may be planned (not suspended), by name. */
export async function listTeamMembers(db: Db, teamId: string): Promise<TeamMember[]> {
  return db
    .select({
      userId: users.id,
      name: sql<string>`coalesce(${profiles.fullName}, ${users.email})`,
      positions: sql<string[]>`coalesce(${profiles.positions}, '{}'::text[])`,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(and(eq(profiles.teamId, teamId), eq(profiles.isSuspended, false)))
    .orderBy(asc(sql`lower(coalesce(${profiles.fullName}, ${users.email}))`), asc(users.id));
}
