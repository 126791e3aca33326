import { shiftDate } from '../business-time.ts';

/**
 * Workload forecast (#31 item 2): each interval of a coming day is the average of the same
 * weekday's same interval over the most recent weeks imported (weekly seasonality), holidays
 * left out of the history and marked in the forecast. A seasonal average is what WFM products
 * start from and what a planner can check by hand; it is a dozen lines, so no statistics library
 * is brought in for it. Pure: the history and the holidays are given.
 */

/** One interval's workload: contacts offered and their average handling time. */
export interface WorkloadPoint {
  /** The business day (yyyy-MM-dd). */
  date: string;
  /**
   * The interval's start on the business clock, "HH:mm", with "#2" for the second occurrence of a
   * repeated autumn hour ("01:00", "01:00#2"). Not minutes since midnight: on a DST day those
   * shift by an hour, and 09:00 would be forecast from another day's 08:00.
   */
  interval: string;
  contacts: number;
  ahtSeconds: number;
}

export interface ForecastPoint extends WorkloadPoint {
  /** How many past weeks the figure averages (0: no history for that weekday). */
  basedOnWeeks: number;
  /** A public holiday: the figure is the usual one, for a planner to adjust. */
  isHoliday: boolean;
}

export interface ForecastOptions {
  /** How many recent weeks with data to average (at least 1). */
  weeks: number;
  /** Public holidays: left out of the history, marked in the forecast. */
  holidays: ReadonlySet<string>;
  /** How far back to look for those weeks, in weeks (default 4 × weeks). */
  lookbackWeeks?: number;
}

/** The forecast for each of `dates`, interval by interval, from `history`. */
export function forecastWorkload(
  history: readonly WorkloadPoint[],
  dates: readonly string[],
  options: ForecastOptions,
): ForecastPoint[] {
  if (!Number.isInteger(options.weeks) || options.weeks < 1) {
    throw new RangeError('weeks: a whole number ≥ 1');
  }
  const byDate = new Map<string, WorkloadPoint[]>();
  for (const point of history) {
    const points = byDate.get(point.date) ?? [];
    points.push(point);
    byDate.set(point.date, points);
  }
  const lookback = options.lookbackWeeks ?? options.weeks * 4;
  const forecast: ForecastPoint[] = [];
  for (const date of dates) {
    // The same weekday in earlier weeks that has data and is not a holiday, newest first.
    const samples: string[] = [];
    for (let back = 1; back <= lookback && samples.length < options.weeks; back += 1) {
      const earlier = shiftDate(date, -7 * back);
      if (byDate.has(earlier) && !options.holidays.has(earlier)) samples.push(earlier);
    }
    const intervals = new Set(
      samples.flatMap((sample) => (byDate.get(sample) ?? []).map((p) => p.interval)),
    );
    // "01:00" < "01:00#2" < "01:15": the repeated hour sorts beside the first.
    for (const interval of [...intervals].sort()) {
      // A sampled day without a row for the interval had no contacts in it.
      const points = samples.flatMap((sample) =>
        (byDate.get(sample) ?? []).filter((point) => point.interval === interval),
      );
      const contacts = points.reduce((sum, point) => sum + point.contacts, 0);
      const handled = points.reduce((sum, point) => sum + point.contacts * point.ahtSeconds, 0);
      const plainAht = points.reduce((sum, point) => sum + point.ahtSeconds, 0) / points.length;
      forecast.push({
        date,
        interval,
        contacts: contacts / samples.length,
        ahtSeconds: contacts > 0 ? handled / contacts : plainAht,
        basedOnWeeks: samples.length,
        isHoliday: options.holidays.has(date),
      });
    }
  }
  return forecast;
}

/**
 * Weighted absolute percentage error of a forecast against what happened: Σ|forecast − actual|
 * over Σ actual contacts, matching intervals by date and start (a missing one counts as 0).
 * Null when nothing happened (no contacts to weigh by).
 */
export function forecastError(
  forecast: readonly Pick<WorkloadPoint, 'date' | 'interval' | 'contacts'>[],
  actual: readonly Pick<WorkloadPoint, 'date' | 'interval' | 'contacts'>[],
): number | null {
  const key = (point: { date: string; interval: string }) => `${point.date}|${point.interval}`;
  const forecastOf = new Map(forecast.map((point) => [key(point), point.contacts]));
  const actualOf = new Map(actual.map((point) => [key(point), point.contacts]));
  const total = [...actualOf.values()].reduce((sum, contacts) => sum + contacts, 0);
  if (total === 0) return null;
  let error = 0;
  for (const entry of new Set([...forecastOf.keys(), ...actualOf.keys()])) {
    error += Math.abs((forecastOf.get(entry) ?? 0) - (actualOf.get(entry) ?? 0));
  }
  return error / total;
}
