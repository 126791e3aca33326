// Who plans which roster (decision 0047): admins every team, team leads their own teams.
import { t } from '@lingui/core/macro';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { Forbidden, Invalid } from '../../platform/errors.ts';
import { notifyLiveToRole } from '../../platform/live-events.ts';
import { isTeamInScope, teamScopeOf, type Caller, type TeamScope } from '../people/index.ts';

/** The teams a caller plans: null for every team (admins), their own for a team lead. */
export async function plannerScopeOf(db: Db, caller: Caller): Promise<TeamScope> {
  if (caller.role !== 'admin' && caller.role !== 'team_lead') {
    throw new Forbidden(t`Only admins and team leads plan rosters`);
  }
  return teamScopeOf(db, caller);
}

export const notYourTeam = () => new Forbidden(t`You can plan your own team’s roster only`);

/** Refuse a team (or a person's team) the caller does not plan. */
export function assertPlansTeam(scope: TeamScope, teamId: string | null | undefined): void {
  if (!isTeamInScope(scope, teamId)) throw notYourTeam();
}

/** An id that is not a UUID names nothing: 404 like an unknown one (not a database error). */
export const isId = (id: string) => z.uuid().safeParse(id).success;

/**
 * Refuse a roster date before 1900: the rules read the days around it, and around 0001-01-01
 * those fall in a year the database cannot hold (an earlier date is a typo anyway).
 */
export function assertRosterDate(...dates: string[]): void {
  if (dates.some((date) => date < '1900-01-01')) throw new Invalid(t`Choose a date from 1900 on`);
}

/** Planners' boards re-read (at commit) when the roster changes: another planner may be on it. */
export async function announceRosterChanged(db: Db): Promise<void> {
  await notifyLiveToRole(db, 'admin', 'roster');
  await notifyLiveToRole(db, 'team_lead', 'roster');
}
