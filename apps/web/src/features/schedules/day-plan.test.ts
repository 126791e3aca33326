import { describe, expect, it } from 'vitest';
import type { MyScheduleEntry, MyScheduleShift } from '@punchclock/shared/contracts/schedules';
import { planOfDay } from './day-plan';

const entry: MyScheduleEntry = {
  id: '00000000-0000-4000-8000-000000000001',
  dateRangeStart: '2026-11-01',
  dateRangeEnd: '2026-11-30',
  template: {
    id: '00000000-0000-4000-8000-000000000002',
    name: 'Day',
    workStart: '09:00',
    workEnd: '17:00',
    lunchStart: '12:00',
    lunchEnd: '12:30',
    breakDurationMins: 15,
    workingDays: [1, 2, 3, 4, 5],
  },
};

const shift = (date: string): MyScheduleShift => ({
  id: '00000000-0000-4000-8000-000000000003',
  date,
  startTime: '22:00',
  endTime: '06:00',
  lunchStart: null,
  lunchEnd: null,
  breakDurationMins: 15,
  position: 'Night porter',
  note: 'Keys at the front desk',
});

describe('planOfDay', () => {
  const schedule = { entries: [entry], shifts: [shift('2026-11-25'), shift('2026-11-28')] };

  it('shows the published shift in place of the template shift that day', () => {
    expect(planOfDay(schedule, '2026-11-25')).toEqual({
      kind: 'shift',
      shift: shift('2026-11-25'),
    });
  });

  it('shows a published shift on a template day off (a Saturday)', () => {
    expect(planOfDay(schedule, '2026-11-28')).toMatchObject({ kind: 'shift' });
  });

  it('shows the template on other working days, a day off on the others, and nothing outside', () => {
    expect(planOfDay(schedule, '2026-11-24')).toEqual({ kind: 'template', entry });
    expect(planOfDay(schedule, '2026-11-29')).toEqual({ kind: 'day_off', entry });
    expect(planOfDay(schedule, '2026-12-01')).toEqual({ kind: 'none' });
    expect(planOfDay({ entries: [], shifts: [shift('2026-12-01')] }, '2026-12-01')).toMatchObject({
      kind: 'shift',
    });
  });
});
