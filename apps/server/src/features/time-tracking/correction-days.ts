import { shiftDate } from '@punchclock/shared/domain/business-time';
import { fileAddedPunches } from '@punchclock/shared/domain/corrections';
import type { Db } from '../../db/client.ts';
import { markDaysStale } from '../day-metrics-queue/index.ts';
import { listEventsOnDates } from './repository.ts';
import {
  listLiveCorrectionsOf,
  setCorrectionDate,
  toDomainCorrection,
} from './corrections-repository.ts';
import { assertPayNotLocked } from '../period-locks/index.ts';

/** A shift lasts at most 16 hours, so a punch's shift day is within a day of its own. */
const WINDOW_DAYS = 2;

/**
 * File a person's added punches under their shift days again after their corrections changed
 * (a request, a decision, a cancellation): a night's 06:00 clock-out belongs with its 22:00
 * clock-in whichever was asked for or approved first. Approved ones that move leave both days
 * stale for the reports; neither day may be in a locked period.
 */
export async function refileAddedPunches(
  tx: Db,
  timeZone: string,
  userId: string,
  aroundDate: string,
): Promise<void> {
  const from = shiftDate(aroundDate, -WINDOW_DAYS);
  const to = shiftDate(aroundDate, WINDOW_DAYS);
  const days: string[] = [];
  for (let day = from; day <= to; day = shiftDate(day, 1)) days.push(day);
  // In turn: one transaction is one connection (node-postgres deprecates queueing on it).
  const raw = await listEventsOnDates(tx, userId, days);
  const corrections = await listLiveCorrectionsOf(tx, userId, from, to);
  const filed = fileAddedPunches(
    raw,
    corrections.map((row) => ({ ...toDomainCorrection(row), status: row.status })),
    timeZone,
  );
  for (const correction of corrections) {
    const day = filed.get(correction.id);
    if (day === undefined || day === correction.date) continue;
    if (correction.status === 'approved') {
      const [first, last] = day < correction.date ? [day, correction.date] : [correction.date, day];
      await assertPayNotLocked(tx, first, last);
      await markDaysStale(tx, userId, first, last);
    }
    await setCorrectionDate(tx, correction.id, day);
  }
}
