import { describe, expect, it } from 'vitest';
import { forecastError, forecastWorkload, type WorkloadPoint } from './forecast.ts';

const noHolidays = new Set<string>();

/** Two intervals (9:00 and 9:30) of one day. */
function day(date: string, nine: number, nineThirty: number, aht = 200): WorkloadPoint[] {
  return [
    { date, interval: '09:00', contacts: nine, ahtSeconds: aht },
    { date, interval: '09:30', contacts: nineThirty, ahtSeconds: aht },
  ];
}

describe('forecastWorkload', () => {
  // Mondays 2026-11-02, 09, 16, 23; the forecast is for Monday 2026-11-30.
  const mondays = [
    ...day('2026-11-02', 10, 20),
    ...day('2026-11-09', 20, 30),
    ...day('2026-11-16', 30, 40),
    ...day('2026-11-23', 40, 50),
    // A Tuesday: another weekday never counts for a Monday.
    ...day('2026-11-24', 999, 999),
  ];

  it('averages the same weekday and interval of the most recent weeks', () => {
    const forecast = forecastWorkload(mondays, ['2026-11-30'], { weeks: 3, holidays: noHolidays });
    expect(forecast).toEqual([
      expect.objectContaining({ interval: '09:00', contacts: 30, basedOnWeeks: 3 }),
      expect.objectContaining({ interval: '09:30', contacts: 40, basedOnWeeks: 3 }),
    ]);
  });

  it('leaves holidays out of the history and marks them in the forecast', () => {
    const holidays = new Set(['2026-11-16', '2026-11-30']);
    const forecast = forecastWorkload(mondays, ['2026-11-30'], { weeks: 3, holidays });
    // 23, 09 and 02 (16 skipped): (40 + 20 + 10) / 3 and (50 + 30 + 20) / 3.
    expect(forecast.map((point) => point.contacts)).toEqual([70 / 3, 100 / 3]);
    expect(forecast.every((point) => point.isHoliday)).toBe(true);
  });

  it('forecasts a day two weeks out from the weeks that have data', () => {
    const forecast = forecastWorkload(mondays, ['2026-12-07'], { weeks: 2, holidays: noHolidays });
    // 2026-11-30 has no data yet: 23 and 16.
    expect(forecast.map((point) => point.contacts)).toEqual([35, 45]);
  });

  it('weighs the handling time by contacts, and counts a missing interval as no contacts', () => {
    const history = [
      { date: '2026-11-16', interval: '09:00', contacts: 10, ahtSeconds: 100 },
      { date: '2026-11-23', interval: '09:00', contacts: 30, ahtSeconds: 300 },
      { date: '2026-11-23', interval: '09:30', contacts: 8, ahtSeconds: 200 },
    ];
    const forecast = forecastWorkload(history, ['2026-11-30'], { weeks: 2, holidays: noHolidays });
    expect(forecast).toEqual([
      expect.objectContaining({ interval: '09:00', contacts: 20, ahtSeconds: 250 }),
      expect.objectContaining({ interval: '09:30', contacts: 4, ahtSeconds: 200 }),
    ]);
  });

  it('has nothing to say for a weekday without history', () => {
    expect(forecastWorkload(mondays, ['2026-12-02'], { weeks: 3, holidays: noHolidays })).toEqual(
      [],
    );
    expect(() =>
      forecastWorkload(mondays, ['2026-11-30'], { weeks: 0, holidays: noHolidays }),
    ).toThrow(RangeError);
  });
});

describe('forecastError', () => {
  it('is the absolute error over the contacts that came (missing intervals count as 0)', () => {
    const forecast = day('2026-11-30', 30, 40);
    const actual = [
      { date: '2026-11-30', interval: '09:00', contacts: 25 },
      { date: '2026-11-30', interval: '10:00', contacts: 5 },
    ];
    // |30 − 25| + |40 − 0| + |0 − 5| = 50, over 30 contacts.
    expect(forecastError(forecast, actual)).toBeCloseTo(50 / 30, 12);
    expect(forecastError(forecast, [])).toBeNull();
  });
});
