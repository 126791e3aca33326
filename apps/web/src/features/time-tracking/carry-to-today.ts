import type { TodayResponse } from '@punchclock/shared/contracts/time-tracking';
import { toBusinessDate } from '@punchclock/shared/domain/business-time';

/**
 * "Today" as remembered on the device may be from an earlier day (the app opened offline the
 * next morning). The state it knew still holds — a shift left open is still open — but its
 * punches belong to that other day, so they are not shown as today's.
 */
export function carryToToday(answer: TodayResponse, now = new Date()): TodayResponse {
  const today = toBusinessDate(now, answer.timeZone);
  return answer.date === today ? answer : { ...answer, date: today, events: [] };
}
