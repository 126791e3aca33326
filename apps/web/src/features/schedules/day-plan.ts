import type {
  MyScheduleEntry,
  MyScheduleResponse,
  MyScheduleShift,
} from '@punchclock/shared/contracts/schedules';
import { isDateInRange, isWorkingDay } from '@punchclock/shared/domain/schedule';

/** What My Schedule shows on a date. */
export type PlanOfDay =
  /** A published roster shift: it takes the place of the template shift that day. */
  | { kind: 'shift'; shift: MyScheduleShift }
  /** The assigned template's shift. */
  | { kind: 'template'; entry: MyScheduleEntry }
  /** An assignment covers the date, but not on one of its working days. */
  | { kind: 'day_off'; entry: MyScheduleEntry }
  | { kind: 'none' };

/**
 * The person's plan on a date (decision 0047): their published shift that day, else their
 * assigned template's shift (or day off), else nothing.
 */
export function planOfDay(
  schedule: Pick<MyScheduleResponse, 'entries' | 'shifts'>,
  date: string,
): PlanOfDay {
  const shift = schedule.shifts.find((candidate) => candidate.date === date);
  if (shift) return { kind: 'shift', shift };
  const entry = schedule.entries.find((candidate) => isDateInRange(date, candidate));
  if (!entry) return { kind: 'none' };
  return isWorkingDay(entry.template, date)
    ? { kind: 'template', entry }
    : { kind: 'day_off', entry };
}

/** A roster shift's times in the shape the schedule formatters read. */
export function shiftHoursOf(shift: MyScheduleShift) {
  return { workStart: shift.startTime, workEnd: shift.endTime };
}
