// Who may plan a team's demand: the roster's rule (admins every team, leads their own teams).
import { t } from '@lingui/core/macro';
import { toBusinessDate } from '@punchclock/shared/domain/business-time';
import type { Db } from '../../db/client.ts';
import { notifyLiveToRole } from '../../platform/live-events.ts';
import { Invalid, NotFound } from '../../platform/errors.ts';
import { findTeam, type Caller } from '../people/index.ts';
import { assertPlansTeam, isId, plannerScopeOf } from '../rosters/index.ts';

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

/** Refuse a week before 1900, as the roster does: a typo, and outside the zone's known rules. */
export function assertDemandDate(date: string): void {
  if (date < '1900-01-01') throw new Invalid(t`Choose a date from 1900 on`);
}

/** The same for an instant, by its business day (one far before 1900 is not even converted). */
export function assertDemandInstant(instant: Date, timeZone: string): void {
  if (instant.getTime() < Date.UTC(1899, 11, 30)) assertDemandDate('0000-01-01');
  assertDemandDate(toBusinessDate(instant, timeZone));
}
