// People needed per interval (#31): a team's week as a grid, and typed changes to it.
import { t } from '@lingui/core/macro';
import {
  requirementsInputSchema,
  requirementsQuerySchema,
  type RequirementInterval,
  type RequirementsResponse,
} from '@punchclock/shared/contracts/demand';
import { formatBusinessDateTime } from '@punchclock/shared/domain/business-time';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { Invalid, parseInput } from '../../platform/errors.ts';
import type { Actor, Caller } from '../people/index.ts';
import { intervalMinutesOf, intervalStartingAt, weekGrid } from './grid.ts';
import { matchRowsToGrid, requiredOnGrid } from './regrid.ts';
import {
  announceDemandChanged,
  assertDemandDate,
  assertDemandInstant,
  assertPlansDemandOf,
} from './planning.ts';
import {
  deleteRequirements,
  listRequirementPositions,
  listRequirements,
  upsertRequirements,
  type RequirementRow,
} from './requirements-repository.ts';
import { demandSettingsOf } from './settings.ts';

/**
 * One position's requirements over the week holding `anyDay`: every interval of the team's grid,
 * with what is stored for it. A row stored at another interval length (the team changed it since)
 * shows over the intervals it covers, as the auto-fill and coverage count it; it stays until
 * overwritten.
 */
export async function readRequirementWeek(
  db: Db,
  teamId: string,
  anyDay: string,
  position: string,
  timeZone: string,
): Promise<RequirementsResponse> {
  const settings = await demandSettingsOf(db, teamId);
  const grid = weekGrid(anyDay, settings.intervalMinutes, timeZone);
  const range = { from: grid.from, to: grid.to };
  const rows = await listRequirements(db, teamId, range, [position]);

  return {
    teamId,
    position,
    weekStart: grid.weekStart,
    intervalMinutes: settings.intervalMinutes,
    days: grid.days.map((day) => {
      const matches = matchRowsToGrid(rows, day.intervals);
      const required = requiredOnGrid(rows, day.intervals);
      return {
        date: day.date,
        intervals: day.intervals.map((interval, index): RequirementInterval => {
          const match = matches[index];
          // A row of another length (stored before the interval changed) lends its figure and source.
          const row = match?.exact ?? match?.partial[0]?.row;
          return {
            startsAt: interval.start.toISOString(),
            endsAt: interval.end.toISOString(),
            startTime: interval.label,
            required: required[index] ?? null,
            source: row?.source ?? null,
            contacts: match?.exact?.contacts ?? null,
            ahtSeconds: match?.exact?.ahtSeconds ?? null,
            agents: match?.exact?.agents ?? null,
            isUnreachable: row?.isUnreachable ?? false,
          };
        }),
      };
    }),
    positions: await listRequirementPositions(db, teamId, range),
  };
}

export async function getRequirements(
  db: Db,
  caller: Caller,
  rawQuery: unknown,
  timeZone: string,
): Promise<RequirementsResponse> {
  const query = parseInput(requirementsQuerySchema, rawQuery);
  assertDemandDate(query.weekStart);
  await assertPlansDemandOf(db, caller, query.teamId);
  return readRequirementWeek(db, query.teamId, query.weekStart, query.position, timeZone);
}

/** Typed cells: each must be the start of an interval of the team's grid; null clears it. */
export async function saveRequirements(
  db: Db,
  caller: Caller,
  rawInput: unknown,
  actor: Actor,
  timeZone: string,
): Promise<RequirementsResponse> {
  const input = parseInput(requirementsInputSchema, rawInput);
  await assertPlansDemandOf(db, caller, input.teamId);
  const settings = await demandSettingsOf(db, input.teamId);
  const minutes = settings.intervalMinutes;

  // The last value given for an interval wins, as if the cells were typed one after another.
  const cells = new Map<
    number,
    { startsAt: Date; date: string; minutes: number; required: number | null }
  >();
  // The answer is the week of the first cell.
  let weekDay: string | undefined;
  for (const cell of input.cells) {
    const startsAt = new Date(cell.startsAt);
    assertDemandInstant(startsAt, timeZone);
    const found = intervalStartingAt(startsAt, minutes, timeZone);
    if (!found) {
      const when = formatBusinessDateTime(startsAt, timeZone);
      throw new Invalid(
        t`${when} is not the start of one of the team’s ${minutes}-minute intervals`,
      );
    }
    weekDay ??= found.date;
    cells.set(startsAt.getTime(), {
      startsAt,
      date: found.date,
      minutes: intervalMinutesOf(found.interval),
      required: cell.required,
    });
  }
  const set: RequirementRow[] = [];
  const cleared: Date[] = [];
  for (const cell of cells.values()) {
    if (cell.required === null) cleared.push(cell.startsAt);
    else
      set.push({
        position: input.position,
        startsAt: cell.startsAt,
        date: cell.date,
        minutes: cell.minutes,
        required: cell.required,
        source: 'typed',
        contacts: null,
        ahtSeconds: null,
        agents: null,
        isUnreachable: false,
      });
  }
  const dates = [...cells.values()].map((cell) => cell.date).sort();
  const firstDate = dates[0] ?? '';
  return db.transaction(async (tx) => {
    await upsertRequirements(tx, input.teamId, set, actor.actorId);
    await deleteRequirements(tx, input.teamId, input.position, cleared);
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'demand.requirements.update',
      entityType: 'team',
      entityId: input.teamId,
      after: {
        position: input.position,
        set: set.length,
        cleared: cleared.length,
        from: firstDate,
        to: dates.at(-1) ?? firstDate,
      },
      meta: actor.meta,
    });
    await announceDemandChanged(tx);
    return readRequirementWeek(tx, input.teamId, weekDay ?? firstDate, input.position, timeZone);
  });
}
