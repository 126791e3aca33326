import { describe, expect, it } from 'vitest';
import type { CoverageInterval, RequirementInterval } from '@punchclock/shared/contracts/demand';
import {
  addMinutesToTime,
  coverageGaps,
  gapOf,
  formToSettingsInput,
  heatPercent,
  parseCellInput,
  requirementRows,
  settingsToForm,
  workingRows,
} from './demand-planner';

const requirement = (startsAt: string, startTime: string): RequirementInterval => ({
  startsAt,
  endsAt: startsAt,
  startTime,
  required: 1,
  source: 'typed',
  contacts: null,
  ahtSeconds: null,
  agents: null,
  isUnreachable: false,
});

/** An instant on 2026-12-02 in Toronto (EST). */
const at = (time: string, minutes = 0) =>
  new Date(Date.parse(`2026-12-02T${time}:00-05:00`) + minutes * 60_000).toISOString();

const coverage = (startTime: string, required: number | null, scheduled: number) =>
  ({
    startsAt: at(startTime),
    endsAt: at(startTime, 30),
    startTime,
    required,
    scheduled,
    planned: scheduled,
    onClock: null,
  }) satisfies CoverageInterval;

describe('requirementRows', () => {
  it('keeps the autumn DST day’s repeated hour as its own row, empty on other days', () => {
    const rows = requirementRows([
      { date: '2026-10-31', intervals: [requirement('a', '00:30'), requirement('b', '01:00')] },
      {
        date: '2026-11-01',
        intervals: [
          requirement('c', '00:30'),
          requirement('d', '01:00'),
          requirement('e', '01:00'),
        ],
      },
    ]);
    expect(rows.map((row) => row.key)).toEqual(['00:30', '01:00', '01:00#2']);
    expect(rows[2]?.cells.map((cell) => cell?.startsAt ?? null)).toEqual([null, 'e']);
  });
});

describe('workingRows', () => {
  const halfHours = Array.from({ length: 48 }, (_, index) => {
    const time = `${String(Math.floor(index / 2)).padStart(2, '0')}:${index % 2 ? '30' : '00'}`;
    return { ...requirement(time, time), required: null };
  });
  const dayOf = (figures: Record<string, number>) => [
    {
      date: '2026-12-02',
      intervals: halfHours.map((interval) => ({
        ...interval,
        required: figures[interval.startTime] ?? null,
      })),
    },
  ];

  it('opens two intervals either side of the week’s figures', () => {
    const rows = workingRows(requirementRows(dayOf({ '09:00': 2, '16:30': 0 })));
    expect(rows.map((row) => row.key)).toEqual(
      halfHours.slice(16, 36).map((interval) => interval.startTime),
    );
  });

  it('shows 06:00 to 22:00 while nothing is set, and stops at the day’s edges', () => {
    expect(workingRows(requirementRows(dayOf({}))).map((row) => row.key)[0]).toBe('06:00');
    expect(workingRows(requirementRows(dayOf({}))).at(-1)?.key).toBe('21:30');
    const edges = workingRows(requirementRows(dayOf({ '00:00': 1, '23:30': 1 })));
    expect(edges).toHaveLength(48);
  });
});

describe('cells', () => {
  it('reads an empty cell as cleared, a comma as a decimal point, and refuses the rest', () => {
    expect(parseCellInput('')).toEqual({ value: null });
    expect(parseCellInput('2,5')).toEqual({ value: 2.5 });
    expect(parseCellInput('-1')).toEqual({ error: true });
    expect(parseCellInput('lots')).toEqual({ error: true });
  });

  it('tints from nothing to at most 40 %', () => {
    expect(heatPercent(null, 10)).toBe(0);
    expect(heatPercent(10, 10)).toBe(40);
    expect(heatPercent(20, 10)).toBe(40);
  });
});

describe('coverageGaps', () => {
  it('groups consecutive short intervals, rounding the people up', () => {
    const gaps = coverageGaps(
      [
        coverage('09:00', 2, 2),
        coverage('09:30', 3, 1),
        coverage('10:00', 2.5, 1),
        coverage('10:30', null, 0),
        coverage('23:30', 1, 0),
      ],
      30,
    );
    expect(gaps).toEqual([
      { first: 1, last: 2, startTime: '09:30', endTime: '10:30', count: 2 },
      { first: 4, last: 4, startTime: '23:30', endTime: '00:00', count: 1 },
    ]);
    expect(addMinutesToTime('23:45', 30)).toBe('00:15');
  });

  it('offers only what is still ahead on the day under way', () => {
    const day = [coverage('09:00', 3, 1), coverage('09:30', 3, 1), coverage('10:00', 3, 2)];
    const now = Date.parse(at('09:40'));
    expect(coverageGaps(day, 30, now)).toEqual([
      { first: 1, last: 2, startTime: '09:30', endTime: '10:30', count: 2 },
    ]);
    // A selection reaching back into the past is clipped to the interval under way.
    expect(gapOf(day, 30, 0, 1, now)).toEqual({
      first: 1,
      last: 1,
      startTime: '09:30',
      endTime: '10:00',
      count: 2,
    });
    expect(gapOf(day, 30, 0, 0, now)).toBeNull();
  });
});

describe('settings form', () => {
  it('shows hours where people read hours and sends minutes', () => {
    const form = settingsToForm({
      teamId: 't',
      intervalMinutes: 30,
      serviceLevelPercent: 80,
      answerSeconds: 20,
      shrinkagePercent: 30,
      shiftLengthsMinutes: [480, 510],
      startStepMinutes: 30,
      earliestStart: '07:00',
      latestEnd: '22:00',
      lunchMinutes: 30,
      breakDurationMins: 15,
      minWeekMinutes: 0,
      maxWeekMinutes: 2400,
      underCoverHourCost: 50,
      overCoverHourCost: 10,
      preferNotCost: 5,
    });
    expect(form.shiftLengthsHours).toBe('8, 8.5');
    expect(form.maxWeekHours).toBe('40');
    const input = formToSettingsInput({ ...form, shiftLengthsHours: '8,5; 10 6' });
    expect(input.shiftLengthsMinutes).toEqual([510, 600, 360]);
    expect(input.maxWeekMinutes).toBe(2400);
    expect(
      formToSettingsInput({ ...form, shiftLengthsHours: '8, 10' }).shiftLengthsMinutes,
    ).toEqual([480, 600]);
  });
});
