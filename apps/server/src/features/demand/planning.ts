// Who may plan a team's demand: the roster's rule (admins every team, leads their own teams).
import { t } from '@lingui/core/macro';
import { toBusinessDate } from '@punchclock/shared/domain/business-time';
import type { Db } from '../../db/client.ts';
import { notifyLiveToRole } from '../../platform/live-events.ts';
import { NotFound } from '../../platform/errors.ts';
import { findTeam, type Caller } from '../people/index.ts';
import { assertPlansTeam, assertRosterDate, isId, plannerScopeOf } from '../rosters/index.ts';

/**
 * Refuse a caller who does not plan `teamId` (403), then a team that does not exist (404). The
 * scope comes first so a team lead learns nothing about other teams' ids.
 */
export async function assertPlansDemandOf(db: Db, caller: Caller, teamId: string): Promise<void> {
  const scope = await plannerScopeOf(db, caller);
  assertPlansTeam(scope, teamId);
  const team = isId(teamId) ? await findTeam(db, teamId) : null;
  if (!team) throw new NotFound(t`Team not found`);
}

/** Planners' demand screens re-read (at commit, when called inside the transaction). */
export async function announceDemandChanged(db: Db): Promise<void> {
  await notifyLiveToRole(db, 'admin', 'demand');
  await notifyLiveToRole(db, 'team_lead', 'demand');
}

/** Refuse a date before 1900: the roster's own rule (a typo, and outside the zone's known rules). */
export const assertDemandDate = assertRosterDate;

/** The same for an instant, by its business day (one far before 1900 is not even converted). */
export function assertDemandInstant(instant: Date, timeZone: string): void {
  const day =
    instant.getTime() < Date.UTC(1899, 11, 30) ? '0001-01-01' : toBusinessDate(instant, timeZone);
  assertRosterDate(day);
}
