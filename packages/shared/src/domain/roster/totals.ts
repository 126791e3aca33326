import type { ShiftState } from '../../contracts/rosters.ts';

/**
 * Paid minutes of a roster week per person and per day (#30): the roster's shifts and, on days a
 * person has no roster shift, their template shift. A deleted shift no longer counts; an open
 * shift counts in its day (it is planned work) but is nobody's.
 */
export function rosterTotals(
  shifts: readonly {
    userId: string | null;
    date: string;
    paidMinutes: number;
    state: ShiftState;
  }[],
  templateShifts: readonly { userId: string; date: string; paidMinutes: number }[],
  days: readonly string[],
): { byPerson: Record<string, number>; byDay: Record<string, number>; total: number } {
  const inWeek = new Set(days);
  const byPerson: Record<string, number> = {};
  const byDay: Record<string, number> = Object.fromEntries(days.map((day) => [day, 0]));
  let total = 0;
  const add = (userId: string | null, date: string, minutes: number) => {
    if (!inWeek.has(date)) return;
    byDay[date] = (byDay[date] ?? 0) + minutes;
    if (userId !== null) byPerson[userId] = (byPerson[userId] ?? 0) + minutes;
    total += minutes;
  };
  for (const shift of shifts) {
    if (shift.state !== 'deleted') add(shift.userId, shift.date, shift.paidMinutes);
  }
  for (const template of templateShifts) add(template.userId, template.date, template.paidMinutes);
  return { byPerson, byDay, total };
}
