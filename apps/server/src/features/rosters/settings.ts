// Teams' roster settings (#30 items 5 and 6): claims approved without a manager, and how many of a
// team may be off on a day (usually, and on days that differ).
import { t } from '@lingui/core/macro';
import {
  allotmentDayInputSchema,
  teamRosterSettingsInputSchema,
} from '@punchclock/shared/contracts/rosters';
import { toBusinessDate } from '@punchclock/shared/domain/business-time';
import type { z } from 'zod';
import type { rosterSettingsResponseSchema } from '@punchclock/shared/contracts/rosters';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { NotFound, parseInput } from '../../platform/errors.ts';
import { findTeam, type Actor, type Caller, type TeamScope } from '../people/index.ts';
import { isId, plannerScopeOf } from './planners.ts';
import {
  deleteAllotmentDay,
  findAllotmentDay,
  listAllotmentDays,
  listTeamSettings,
  upsertAllotmentDay,
  upsertTeamSettings,
} from './settings-repository.ts';

type RosterSettings = z.infer<typeof rosterSettingsResponseSchema>;

async function readSettings(db: Db, scope: TeamScope, today: string): Promise<RosterSettings> {
  const teams = await listTeamSettings(db, scope);
  const allotmentDays = await listAllotmentDays(db, scope, { from: today, to: '9999-12-31' });
  return { teams, allotmentDays };
}

/** The settings of the teams a caller plans, and their allotment days from today on. */
export async function getRosterSettings(
  db: Db,
  caller: Caller,
  timeZone: string,
  now = new Date(),
): Promise<RosterSettings> {
  const scope = await plannerScopeOf(db, caller);
  return readSettings(db, scope, toBusinessDate(now, timeZone));
}

async function requireTeam(db: Db, teamId: string) {
  const team = isId(teamId) ? await findTeam(db, teamId) : null;
  if (!team) throw new NotFound(t`Team not found`);
  return team;
}

export async function saveTeamRosterSettings(
  db: Db,
  teamId: string,
  rawInput: unknown,
  actor: Actor,
  timeZone: string,
): Promise<RosterSettings> {
  const input = parseInput(teamRosterSettingsInputSchema, rawInput);
  return db.transaction(async (tx) => {
    await requireTeam(tx, teamId);
    const [before] = await listTeamSettings(tx, [teamId]);
    await upsertTeamSettings(tx, teamId, input);
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'team_roster_settings.update',
      entityType: 'team',
      entityId: teamId,
      before: before
        ? { autoApproveClaims: before.autoApproveClaims, maxOffPerDay: before.maxOffPerDay }
        : null,
      after: input,
      meta: actor.meta,
    });
    return readSettings(tx, null, toBusinessDate(new Date(), timeZone));
  });
}

/** Set one team's allotment on one day, or (null) put it back to the team's usual one. */
export async function saveAllotmentDay(
  db: Db,
  rawInput: unknown,
  actor: Actor,
  timeZone: string,
): Promise<RosterSettings> {
  const input = parseInput(allotmentDayInputSchema, rawInput);
  return db.transaction(async (tx) => {
    await requireTeam(tx, input.teamId);
    const before = await findAllotmentDay(tx, input.teamId, input.date);
    if (input.maxOff === null) await deleteAllotmentDay(tx, input.teamId, input.date);
    else await upsertAllotmentDay(tx, { ...input, maxOff: input.maxOff });
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'allotment_day.update',
      entityType: 'team',
      entityId: input.teamId,
      before: { date: input.date, maxOff: before?.maxOff ?? null },
      after: { date: input.date, maxOff: input.maxOff },
      meta: actor.meta,
    });
    return readSettings(tx, null, toBusinessDate(new Date(), timeZone));
  });
}
