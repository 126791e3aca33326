// What the auto-fill and coverage read about a team (#31): its requirements and its people (its
// settings: settings.ts's demandSettingsOf). Only SQL here.
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles, staffingRequirements, users } from '../../db/schema.ts';

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
  /** The person's own weekly limits (paid minutes); null: the team's demand setting. */
  minWeekMinutes: number | null;
  maxWeekMinutes: number | null;
}

/** A team's people who may be planned (not suspended), by name. */
export async function listTeamMembers(db: Db, teamId: string): Promise<TeamMember[]> {
  return db
    .select({
      userId: users.id,
      name: sql<string>`coalesce(${profiles.fullName}, ${users.email})`,
      positions: sql<string[]>`coalesce(${profiles.positions}, '{}'::text[])`,
      minWeekMinutes: profiles.minWeekMinutes,
      maxWeekMinutes: profiles.maxWeekMinutes,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(and(eq(profiles.teamId, teamId), eq(profiles.isSuspended, false)))
    .orderBy(asc(sql`lower(coalesce(${profiles.fullName}, ${users.email}))`), asc(users.id));
}
