// The workload forecast of a team's week (#31 item 2): same weekday and interval over recent
// weeks (domain/demand/forecast.ts), public holidays left out and marked, beside the actuals.
import { forecastQuerySchema, type ForecastResponse } from '@punchclock/shared/contracts/demand';
import { shiftDate } from '@punchclock/shared/domain/business-time';
import {
  forecastError,
  forecastWorkload,
  type ForecastPoint,
  type WorkloadPoint,
} from '@punchclock/shared/domain/demand/forecast';
import type { Db } from '../../db/client.ts';
import { parseInput } from '../../platform/errors.ts';
import type { Caller } from '../people/index.ts';
import { holidayLookup, publicHolidayName, readHolidayEdits } from '../pay-settings/index.ts';
import { clockKeysOf, weekGrid, type WeekGrid } from './grid.ts';
import { workloadOnGrid } from './regrid.ts';
import { assertDemandDate, assertPlansDemandOf } from './planning.ts';
import { listWorkload, type WorkloadRow } from './requirements-repository.ts';
import { demandSettingsOf } from './settings.ts';

/** How far back the forecast looks for weeks with data (holidays and gaps skipped). */
const LOOKBACK_FACTOR = 4;

export interface WeekForecast {
  grid: WeekGrid;
  /** The forecast and the week's actuals, keyed `date|clock key` (grid.ts's clockKeysOf). */
  forecast: Map<string, ForecastPoint>;
  actual: Map<string, WorkloadPoint>;
  holidayNames: Map<string, string>;
  weeksWithData: number;
}

export const pointKey = (date: string, clockKey: string) => `${date}|${clockKey}`;

/**
 * Imported rows as the domain's points: the clock key of each interval of their business day. Rows
 * imported at another interval length are split over today's intervals (regrid.ts).
 */
function toPoints(rows: readonly WorkloadRow[], grids: Map<string, WeekGrid['days'][number]>) {
  const rowsOf = new Map<string, WorkloadRow[]>();
  for (const row of rows) rowsOf.set(row.date, [...(rowsOf.get(row.date) ?? []), row]);
  return [...rowsOf].flatMap(([date, dayRows]): WorkloadPoint[] => {
    const day = grids.get(date);
    if (!day) return [];
    const keys = clockKeysOf(day.intervals);
    return workloadOnGrid(dayRows, day.intervals).flatMap((figure, index) =>
      figure === null ? [] : [{ date, interval: keys[index] ?? '', ...figure }],
    );
  });
}

/** One position's forecast for the week holding `anyDay`, from up to `historyWeeks` weeks. */
export async function forecastWeek(
  db: Db,
  teamId: string,
  anyDay: string,
  position: string,
  historyWeeks: number,
  timeZone: string,
): Promise<WeekForecast> {
  const settings = await demandSettingsOf(db, teamId);
  const grid = weekGrid(anyDay, settings.intervalMinutes, timeZone);
  const lookbackWeeks = historyWeeks * LOOKBACK_FACTOR;
  const from = shiftDate(grid.from, -7 * lookbackWeeks);
  const rows = await listWorkload(db, teamId, { from, to: grid.to }, [position]);

  // Every day the rows fall on, cut into the team's grid, to turn instants into minutes.
  const days = new Map<string, WeekGrid['days'][number]>();
  for (let week = -lookbackWeeks; week <= 0; week += 1) {
    for (const day of weekGrid(shiftDate(grid.from, 7 * week), settings.intervalMinutes, timeZone)
      .days) {
      days.set(day.date, day);
    }
  }
  const points = toPoints(rows, days);
  const history = points.filter((point) => point.date < grid.from);
  const actual = points.filter((point) => point.date >= grid.from);

  const lookup = holidayLookup(await readHolidayEdits(db));
  const holidays = new Set<string>();
  const holidayNames = new Map<string, string>();
  for (const date of days.keys()) {
    const holiday = lookup(date);
    if (!holiday) continue;
    holidays.add(date);
    if (date >= grid.from) holidayNames.set(date, publicHolidayName(holiday));
  }
  const forecast = forecastWorkload(
    history,
    grid.days.map((day) => day.date),
    { weeks: historyWeeks, holidays, lookbackWeeks },
  );
  return {
    grid,
    forecast: new Map(forecast.map((point) => [pointKey(point.date, point.interval), point])),
    actual: new Map(actual.map((point) => [pointKey(point.date, point.interval), point])),
    holidayNames,
    weeksWithData: Math.max(0, ...forecast.map((point) => point.basedOnWeeks)),
  };
}

export async function getForecast(
  db: Db,
  caller: Caller,
  rawQuery: unknown,
  timeZone: string,
): Promise<ForecastResponse> {
  const query = parseInput(forecastQuerySchema, rawQuery);
  assertDemandDate(query.weekStart);
  await assertPlansDemandOf(db, caller, query.teamId);
  const week = await forecastWeek(
    db,
    query.teamId,
    query.weekStart,
    query.position,
    query.historyWeeks,
    timeZone,
  );
  const forecast = [...week.forecast.values()];
  const actual = [...week.actual.values()];
  const actualDates = new Set(actual.map((point) => point.date));
  return {
    teamId: query.teamId,
    position: query.position,
    weekStart: week.grid.weekStart,
    historyWeeks: query.historyWeeks,
    weeksWithData: week.weeksWithData,
    days: week.grid.days.map((day) => ({
      date: day.date,
      holidayName: week.holidayNames.get(day.date) ?? null,
      intervals: day.intervals.map((interval, index, all) => {
        const key = pointKey(day.date, clockKeysOf(all)[index] ?? interval.label);
        const predicted = week.forecast.get(key);
        const happened = week.actual.get(key);
        return {
          startsAt: interval.start.toISOString(),
          startTime: interval.label,
          contacts: predicted?.contacts ?? null,
          ahtSeconds: predicted?.ahtSeconds ?? null,
          actualContacts: happened?.contacts ?? null,
          actualAhtSeconds: happened?.ahtSeconds ?? null,
        };
      }),
    })),
    // Only on the days that have actuals: a day still to come has nothing to measure against.
    wape:
      actual.length > 0
        ? forecastError(
            forecast.filter((point) => actualDates.has(point.date)),
            actual,
          )
        : null,
  };
}
