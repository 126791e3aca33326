import { t } from '@lingui/core/macro';
import { eq } from 'drizzle-orm';
import type { Role } from '@punchclock/shared/domain/roles';
import type { Db } from '../../db/client.ts';
import { profiles } from '../../db/schema.ts';
import { Forbidden } from '../../platform/errors.ts';
import type { RequestMeta } from '../../platform/request-meta.ts';
import { listTeamIdsLedBy } from './teams-repository.ts';

/** The signed-in person asking: every read and decision is scoped by who they are. */
export interface Caller {
  userId: string;
  role: Role | null;
}

/** Who is acting, for the audit trail: the signed-in user (null for the CLI) and the request. */
export interface Actor {
  actorId: string | null;
  meta: RequestMeta;
}

/** The teams whose people a caller may see: null means every team. */
export type TeamScope = string[] | null;

/**
 * The team-lead scope, the one rule for who may see whom: admins and SMEs see everyone; a team
 * lead sees the people of the teams they lead (none when they lead none); anyone else nobody.
 */
export async function teamScopeOf(db: Db, caller: Caller): Promise<TeamScope> {
  if (caller.role === 'admin' || caller.role === 'sme') return null;
  if (caller.role === 'team_lead') return listTeamIdsLedBy(db, caller.userId);
  return [];
}

/** Whether a team (or a person's team, null when they have none) lies within a scope. */
export function isTeamInScope(scope: TeamScope, teamId: string | null | undefined): boolean {
  if (scope === null) return true;
  return teamId != null && scope.includes(teamId);
}

/** May this caller see this team's people? */
export async function canSeeTeam(db: Db, caller: Caller, teamId: string): Promise<boolean> {
  return isTeamInScope(await teamScopeOf(db, caller), teamId);
}

/** May this caller see this person (a person with no team only by those who see everyone)? */
export async function canSeePerson(db: Db, caller: Caller, userId: string): Promise<boolean> {
  const scope = await teamScopeOf(db, caller);
  if (scope === null) return true;
  const [person] = await db
    .select({ teamId: profiles.teamId })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return isTeamInScope(scope, person?.teamId);
}

/** Refuse, with the team leads' message, a caller who may not see this person. */
export async function assertCanSeePerson(db: Db, caller: Caller, userId: string): Promise<void> {
  if (!(await canSeePerson(db, caller, userId)))
    throw new Forbidden(t`You can see your own team only`);
}
