// A team's demand settings (#31): read with defaults, changed by its planners.
import {
  demandSettingsInputSchema,
  type DemandSettings,
  type DemandSettingsInput,
} from '@punchclock/shared/contracts/demand';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { parseInput } from '../../platform/errors.ts';
import type { Actor, Caller } from '../people/index.ts';
import { announceDemandChanged, assertPlansDemandOf } from './planning.ts';
import { findDemandSettings, upsertDemandSettings } from './settings-repository.ts';

/** What a team plans with until someone changes it: the schema's column defaults. */
export const DEFAULT_DEMAND_SETTINGS: DemandSettingsInput = {
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

/** A team's settings, the defaults where it has none (no access check: callers have done it). */
export async function demandSettingsOf(db: Db, teamId: string): Promise<DemandSettings> {
  return { teamId, ...((await findDemandSettings(db, teamId)) ?? DEFAULT_DEMAND_SETTINGS) };
}

export async function getDemandSettings(
  db: Db,
  caller: Caller,
  teamId: string,
): Promise<DemandSettings> {
  await assertPlansDemandOf(db, caller, teamId);
  return demandSettingsOf(db, teamId);
}

export async function saveDemandSettings(
  db: Db,
  caller: Caller,
  teamId: string,
  rawInput: unknown,
  actor: Actor,
): Promise<DemandSettings> {
  await assertPlansDemandOf(db, caller, teamId);
  const input = parseInput(demandSettingsInputSchema, rawInput);
  return db.transaction(async (tx) => {
    const before = await findDemandSettings(tx, teamId);
    await upsertDemandSettings(tx, teamId, input);
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'demand.settings.update',
      entityType: 'team',
      entityId: teamId,
      before: before ? { ...before } : null,
      after: { ...input },
      meta: actor.meta,
    });
    await announceDemandChanged(tx);
    return demandSettingsOf(tx, teamId);
  });
}
