/**
 * Time off in lieu (issue #14, item 2; docs/decisions/0016). Where a rule set banks overtime
 * instead of paying it, each overtime minute banks `multiplier` minutes (ESA: 1.5 h per overtime
 * hour), usable for 3 months (12 with a written agreement) from the day it was earned. Time taken
 * comes off the oldest usable minutes first.
 */
import { addMonths, format, parseISO } from 'date-fns';
import { dayNumber } from './pay-periods.ts';
import type { OvertimeMinutes } from './overtime.ts';

/** The multiplier of an overtime pay code: 'OT1.5' → 1.5. */
export function multiplierOfCode(code: string): number {
  const multiplier = Number(code.replace(/^OT/, ''));
  if (!Number.isFinite(multiplier) || multiplier <= 1) {
    throw new RangeError(`Not an overtime pay code: ${code}`);
  }
  return multiplier;
}

/**
 * Minutes banked for a day's overtime: each code's minutes × its multiplier, summed, rounded to
 * the nearest minute (half up) once per day.
 */
export function toilMinutesFor(overtime: OvertimeMinutes): number {
  let total = 0;
  for (const [code, minutes] of Object.entries(overtime)) total += minutes * multiplierOfCode(code);
  return Math.round(total);
}

/** The first day banked time off earned on `earnedOn` can no longer be taken. */
export function toilExpiresOn(earnedOn: string, months: number): string {
  return format(addMonths(parseISO(earnedOn), months), 'yyyy-MM-dd');
}

export interface ToilEarned {
  date: string;
  minutes: number;
  expiresOn: string;
}

export interface ToilTaken {
  date: string;
  minutes: number;
}

export interface ToilLot {
  earnedOn: string;
  minutes: number;
  remainingMinutes: number;
  expiresOn: string;
}

export interface ToilLedger {
  balanceMinutes: number;
  earnedMinutes: number;
  takenMinutes: number;
  expiredMinutes: number;
  overdrawnMinutes: number;
  /** Lots still usable on asOf (remaining > 0), oldest first. */
  lots: ToilLot[];
}

/**
 * The bank on `asOf` (inclusive): earned and taken up to that day; each taking uses the lots
 * usable on its date, the one earned first first; what no lot covers is overdrawn.
 */
export function toilLedger(
  earned: readonly ToilEarned[],
  taken: readonly ToilTaken[],
  asOf: string,
): ToilLedger {
  const cutoff = dayNumber(asOf);
  const lots: ToilLot[] = earned
    .filter((entry) => entry.minutes > 0 && dayNumber(entry.date) <= cutoff)
    .sort((a, b) => dayNumber(a.date) - dayNumber(b.date))
    .map((entry) => ({
      earnedOn: entry.date,
      minutes: entry.minutes,
      remainingMinutes: entry.minutes,
      expiresOn: entry.expiresOn,
    }));
  let takenMinutes = 0;
  let overdrawnMinutes = 0;
  const takings = taken
    .filter((entry) => entry.minutes > 0 && dayNumber(entry.date) <= cutoff)
    .sort((a, b) => dayNumber(a.date) - dayNumber(b.date));
  for (const taking of takings) {
    takenMinutes += taking.minutes;
    let left = taking.minutes;
    for (const lot of lots) {
      if (left === 0) break;
      const usable = lot.earnedOn <= taking.date && taking.date < lot.expiresOn;
      if (!usable || lot.remainingMinutes === 0) continue;
      const used = Math.min(left, lot.remainingMinutes);
      lot.remainingMinutes -= used;
      left -= used;
    }
    overdrawnMinutes += left;
  }
  const expired = lots.filter((lot) => lot.expiresOn <= asOf);
  const usable = lots.filter((lot) => lot.expiresOn > asOf && lot.remainingMinutes > 0);
  return {
    balanceMinutes: usable.reduce((sum, lot) => sum + lot.remainingMinutes, 0),
    earnedMinutes: lots.reduce((sum, lot) => sum + lot.minutes, 0),
    takenMinutes,
    expiredMinutes: expired.reduce((sum, lot) => sum + lot.remainingMinutes, 0),
    overdrawnMinutes,
    lots: usable,
  };
}
