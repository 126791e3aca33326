import { asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Team } from '@punchclock/shared/contracts/users';
import type { Db } from '../../db/client.ts';
import { profiles, teams, users } from '../../db/schema.ts';

export async function listTeams(db: Db, onlyId?: string): Promise<Team[]> {
  const rows = await db
    .select({
      id: teams.id,
      name: teams.name,
      leadUserId: teams.leadUserId,
      leadName: sql<
        string | null
      >`(select coalesce(p.full_name, u.email) from ${users} u join ${profiles} p on p.id = u.id where u.id = ${teams.leadUserId})`,
      memberCount: count(profiles.id),
    })
    .from(teams)
    .leftJoin(profiles, eq(profiles.teamId, teams.id))
    .where(onlyId ? eq(teams.id, onlyId) : undefined)
    .groupBy(teams.id)
    .orderBy(asc(sql`lower(${teams.name})`));
  return rows;
}

export async function findTeam(db: Db, id: string): Promise<Team | null> {
  const [team] = await listTeams(db, id);
  return team ?? null;
}

/** Ids of the teams a person leads (a team lead sees and is copied on these). */
export async function listTeamIdsLedBy(db: Db, userId: string): Promise<string[]> {
  const rows = await db.select({ id: teams.id }).from(teams).where(eq(teams.leadUserId, userId));
  return rows.map((row) => row.id);
}

export async function insertTeam(db: Db, values: { name: string; leadUserId: string | null }) {
  const [row] = await db.insert(teams).values(values).returning({ id: teams.id });
  if (!row) throw new Error('insert into teams returned no row');
  return row.id;
}

export async function updateTeamRecord(
  db: Db,
  id: string,
  values: { name: string; leadUserId: string | null },
): Promise<void> {
  await db.update(teams).set(values).where(eq(teams.id, id));
}

export async function deleteTeamRecord(db: Db, id: string): Promise<void> {
  await db.delete(teams).where(eq(teams.id, id));
}

/** Someone who is no longer a lead stops leading their teams (they keep no hidden scope). */
export async function clearTeamsLedBy(db: Db, userId: string): Promise<void> {
  await db.update(teams).set({ leadUserId: null }).where(eq(teams.leadUserId, userId));
}

/**
 * A person-in-these-teams condition on `profiles.team_id`: none when the scope is everyone
 * (null), nothing at all for an empty list (a lead without teams sees nobody).
 */
export function inTeams(teamIds: string[] | null | undefined): SQL | undefined {
  if (!teamIds) return undefined;
  return teamIds.length > 0 ? inArray(profiles.teamId, teamIds) : sql`false`;
}
