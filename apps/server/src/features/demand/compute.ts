// People needed from workload (#31): Erlang C per interval with the team's service target, then
// shrinkage on top. Intervals with no workload figure are left as they are.
import {
  computeRequirementsRequestSchema,
  type ComputeRequirementsResponse,
} from '@punchclock/shared/contracts/demand';
import { t } from '@lingui/core/macro';
import { staffFor } from '@punchclock/shared/domain/demand/erlang';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { Invalid, parseInput } from '../../platform/errors.ts';
import type { Actor, Caller } from '../people/index.ts';
import { forecastWeek, pointKey } from './forecast.ts';
import { clockKeysOf, intervalMinutesOf } from './grid.ts';
import { announceDemandChanged, assertDemandDate, assertPlansDemandOf } from './planning.ts';
import { readRequirementWeek } from './requirements.ts';
import { upsertRequirements, type RequirementRow } from './requirements-repository.ts';
import { demandSettingsOf } from './settings.ts';

/** The forecast reads this many weeks when computing (the screen's default). */
const FORECAST_WEEKS = 8;

/** The most people an interval may need; beyond it the target is called unreachable (capped). */
export const MAX_REQUIRED = 1000;

/**
 * People to schedule for `agents` on contacts: agents ÷ (1 − shrinkage), rounded up to a tenth.
 * A tenth rather than a whole person because the auto-fill and coverage count fractions (a shift
 * covering half an interval is 0.5): rounding every interval up to a whole person would ask for
 * up to one extra person in each. Rounded up, never down, so the target is still met.
 */
export function scheduledFor(agents: number, shrinkage: number): number {
  if (agents === 0) return 0;
  return Math.min(MAX_REQUIRED, Math.ceil((agents / (1 - shrinkage)) * 10 - 1e-9) / 10);
}

export interface IntervalStaffing {
  required: number;
  agents: number | null;
  isUnreachable: boolean;
}

/** One interval's staffing from its workload and the team's target (pure). */
export function staffInterval(input: {
  contacts: number;
  ahtSeconds: number;
  intervalSeconds: number;
  serviceLevelPercent: number;
  answerSeconds: number;
  shrinkagePercent: number;
}): IntervalStaffing {
  const shrinkage = input.shrinkagePercent / 100;
  const answer = staffFor({
    contacts: input.contacts,
    ahtSeconds: input.ahtSeconds,
    intervalSeconds: input.intervalSeconds,
    serviceLevel: input.serviceLevelPercent / 100,
    targetSeconds: input.answerSeconds,
    shrinkage,
    maxAgents: MAX_REQUIRED,
  });
  if (!answer.reachable) return { required: MAX_REQUIRED, agents: null, isUnreachable: true };
  const required = scheduledFor(answer.agents, shrinkage);
  // Shrinkage can take a reachable answer past the cap: the figure is capped, so say so.
  const isCapped = answer.agents / (1 - shrinkage) > MAX_REQUIRED;
  return { required, agents: answer.agents, isUnreachable: isCapped };
}

export async function computeRequirements(
  db: Db,
  caller: Caller,
  rawInput: unknown,
  actor: Actor,
  timeZone: string,
): Promise<ComputeRequirementsResponse> {
  const input = parseInput(computeRequirementsRequestSchema, rawInput);
  assertDemandDate(input.weekStart);
  await assertPlansDemandOf(db, caller, input.teamId);
  const settings = await demandSettingsOf(db, input.teamId);
  const week = await forecastWeek(
    db,
    input.teamId,
    input.weekStart,
    input.position,
    FORECAST_WEEKS,
    timeZone,
  );
  const workload = input.from === 'forecast' ? week.forecast : week.actual;

  const rows: RequirementRow[] = [];
  for (const day of week.grid.days) {
    const keys = clockKeysOf(day.intervals);
    for (const [index, interval] of day.intervals.entries()) {
      const point = workload.get(pointKey(day.date, keys[index] ?? interval.label));
      if (!point) continue;
      const minutes = intervalMinutesOf(interval);
      const staffing = staffInterval({
        contacts: point.contacts,
        ahtSeconds: point.ahtSeconds,
        intervalSeconds: minutes * 60,
        serviceLevelPercent: settings.serviceLevelPercent,
        answerSeconds: settings.answerSeconds,
        shrinkagePercent: settings.shrinkagePercent,
      });
      rows.push({
        position: input.position,
        startsAt: interval.start,
        date: day.date,
        minutes,
        required: staffing.required,
        source: 'computed',
        contacts: point.contacts,
        ahtSeconds: point.ahtSeconds,
        agents: staffing.agents,
        isUnreachable: staffing.isUnreachable,
      });
    }
  }
  if (rows.length === 0) {
    throw new Invalid(
      input.from === 'forecast'
        ? t`There is no workload history to forecast this week from: import workload first`
        : t`This week has no imported workload to compute from`,
    );
  }
  const unreachableIntervals = rows.filter((row) => row.isUnreachable).length;
  return db.transaction(async (tx) => {
    await upsertRequirements(tx, input.teamId, rows, actor.actorId);
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'demand.requirements.compute',
      entityType: 'team',
      entityId: input.teamId,
      after: {
        from: input.from,
        position: input.position,
        weekStart: week.grid.weekStart,
        computedIntervals: rows.length,
        unreachableIntervals,
        serviceLevelPercent: settings.serviceLevelPercent,
        answerSeconds: settings.answerSeconds,
        shrinkagePercent: settings.shrinkagePercent,
      },
      meta: actor.meta,
    });
    await announceDemandChanged(tx);
    const grid = await readRequirementWeek(
      tx,
      input.teamId,
      input.weekStart,
      input.position,
      timeZone,
    );
    return { ...grid, computedIntervals: rows.length, unreachableIntervals };
  });
}
