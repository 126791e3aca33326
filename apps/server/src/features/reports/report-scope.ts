// The range and team scope every report reads, from the caller's team scope.
import { t } from '@lingui/core/macro';
import { shiftDate } from '@punchclock/shared/domain/business-time';
import type { Db } from '../../db/client.ts';
import { Forbidden, Invalid } from '../../platform/errors.ts';
import type { Caller } from '../people/index.ts';
import { isTeamInScope, teamScopeOf } from '../people/index.ts';
import type { ReportScope } from './reports-repository.ts';

export const MAX_RANGE_DAYS = 366;

/** Admins see everyone (or the team they filter on); a team lead only the teams they lead. */
export async function resolveScope(
  db: Db,
  viewer: Caller,
  range: { from: string; to: string; teamId?: string },
): Promise<ReportScope> {
  if (range.to > shiftDate(range.from, MAX_RANGE_DAYS - 1)) {
    throw new Invalid(t`Choose at most ${MAX_RANGE_DAYS} days`);
  }
  const scope = await teamScopeOf(db, viewer);
  if (range.teamId && !isTeamInScope(scope, range.teamId))
    throw new Forbidden(t`You can see your own team only`);
  return { from: range.from, to: range.to, teamIds: range.teamId ? [range.teamId] : scope };
}
