import { t } from '@lingui/core/macro';
/**
 * Pay codes (issue #14 §8): a timesheet's days as minutes per code, and — when hourly rates are
 * known — gross amounts per code in integer cents. Pure: the timesheet and the payroll export both
 * call these, so an export's totals are the timesheet's by construction.
 */

export const PAY_CODES = [
  'REG',
  'OT1.5',
  'OT2',
  'HOL',
  'VAC',
  'SICK',
  'UNPAID',
  'TOIL-EARNED',
  'TOIL-TAKEN',
] as const;
export type PayCode = (typeof PAY_CODES)[number];

/** The overtime rates a rule set may use: each has its pay code (OT1.5, OT2) to be exported under. */
export const OVERTIME_MULTIPLIERS = [1.5, 2] as const;

/** In the reader's language (decision 0036). */
export function overtimeMultiplierMessage(): string {
  return t`Overtime is paid at 1.5× or 2× (pay codes OT1.5 and OT2)`;
}

/** The pay codes a kind of leave may be paid under. */
export const LEAVE_PAY_CODES = ['VAC', 'SICK', 'UNPAID', 'TOIL-TAKEN'] as const;
export type LeavePayCode = (typeof LEAVE_PAY_CODES)[number];

/**
 * What each code pays per hour, as a multiple of the person's hourly rate in halves (2 = 1×,
 * 3 = 1.5×): integer arithmetic all the way. Unpaid leave and banked time earned pay nothing now
 * (banked time is paid when it is taken, as TOIL-TAKEN); HOL is priced by the ESA formula.
 */
export const PAY_CODE_HALF_MULTIPLES: Record<PayCode, number> = {
  REG: 2,
  'OT1.5': 3,
  OT2: 4,
  HOL: 2,
  VAC: 2,
  SICK: 2,
  UNPAID: 0,
  'TOIL-EARNED': 0,
  'TOIL-TAKEN': 2,
};

/** The parts of a timesheet day that pay codes read. */
export interface PayCodeDay {
  date: string;
  regularMinutes: number;
  /** Overtime minutes by code ('OT1.5', 'OT2'). */
  overtime: Readonly<Record<string, number>>;
  /** Approved leave minutes by leave pay code. */
  leaveByPayCode?: Readonly<Partial<Record<string, number>>>;
  /** Public holiday pay owed on this date, as minutes of pay (0 or absent when none). */
  holidayPayMinutes?: number;
  /** Time off in lieu banked on this day (absent until time in lieu is configured). */
  toilEarnedMinutes?: number;
}

export type PayCodeMinutes = Record<PayCode, number>;

export function emptyPayCodeMinutes(): PayCodeMinutes {
  return Object.fromEntries(PAY_CODES.map((code) => [code, 0])) as PayCodeMinutes;
}

function isPayCode(code: string): code is PayCode {
  return (PAY_CODES as readonly string[]).includes(code);
}

/** One day's minutes per pay code. Unknown overtime or leave codes are refused, not dropped. */
export function dayPayCodeMinutes(day: PayCodeDay): PayCodeMinutes {
  const minutes = emptyPayCodeMinutes();
  const add = (code: string, value: number | undefined) => {
    if (!value) return;
    if (!isPayCode(code)) throw new RangeError(`Unknown pay code ${code} on ${day.date}`);
    if (!Number.isInteger(value) || value < 0) {
      throw new RangeError(`Minutes must be a whole, non-negative number, not ${value}`);
    }
    minutes[code] += value;
  };
  add('REG', day.regularMinutes);
  for (const [code, value] of Object.entries(day.overtime)) add(code, value);
  for (const [code, value] of Object.entries(day.leaveByPayCode ?? {})) add(code, value);
  add('HOL', day.holidayPayMinutes);
  add('TOIL-EARNED', day.toilEarnedMinutes);
  return minutes;
}

/** The days' minutes per pay code, summed. */
export function payCodeMinutes(days: readonly PayCodeDay[]): PayCodeMinutes {
  const total = emptyPayCodeMinutes();
  for (const day of days) {
    const minutes = dayPayCodeMinutes(day);
    for (const code of PAY_CODES) total[code] += minutes[code];
  }
  return total;
}

/** A pay line: one code at one rate (a rate change inside the period gives two lines). */
export interface PayLine {
  code: PayCode;
  minutes: number;
  /** The person's hourly rate in cents (the base rate), or null when none is known. */
  rateCents: number | null;
  /** What the code pays per hour as a multiple of the base rate: 1, 1.5, 2, or 0 (unpaid). */
  multiplier: number;
  /**
   * The rate the amount was paid at, in cents: base rate × multiplier, exact (a half cent is
   * kept: $20.01 × 1.5 = 3001.5 ¢). Null without a rate.
   */
  paidRateCents: number | null;
  /** Gross amount in cents, or null without a rate. */
  amountCents: number | null;
}

/** What a code pays per hour as a multiple of the base rate (1.5 for OT1.5, 0 for UNPAID). */
export function payCodeMultiplier(code: PayCode): number {
  return PAY_CODE_HALF_MULTIPLES[code] / 2;
}

/** The hourly rate a code pays at, in cents (exact, possibly a half cent). */
export function paidRateCents(code: PayCode, rateCents: number): number {
  return (rateCents * PAY_CODE_HALF_MULTIPLES[code]) / 2;
}

/** minutes × rate × multiple ÷ 60, half up, in cents. */
export function amountCents(code: PayCode, minutes: number, rateCents: number): number {
  return Math.floor((minutes * rateCents * PAY_CODE_HALF_MULTIPLES[code] + 60) / 120);
}

/**
 * Pay lines of the days, in pay-code order, codes with no minutes left out. `rateOn(date)` is the
 * person's hourly rate in cents on a date (null when unknown). A line's amount is its minutes at
 * its paid rate, rounded once (so hours × paid rate = amount, not a sum of rounded days).
 * `holidayAmountCents(date)` prices a holiday's HOL minutes by the ESA formula when given (a sum
 * over the holidays); otherwise HOL is minutes × rate.
 */
export function payLines(
  days: readonly PayCodeDay[],
  rateOn: (date: string) => number | null,
  holidayAmountCents?: (date: string) => number | null,
): PayLine[] {
  const byKey = new Map<
    string,
    { code: PayCode; minutes: number; rateCents: number | null; holidayAmount: number | null }
  >();
  for (const day of days) {
    const rate = rateOn(day.date);
    const minutes = dayPayCodeMinutes(day);
    for (const code of PAY_CODES) {
      if (minutes[code] === 0) continue;
      const key = `${code}|${rate ?? ''}`;
      const line = byKey.get(key) ?? { code, minutes: 0, rateCents: rate, holidayAmount: null };
      line.minutes += minutes[code];
      const holidayAmount = code === 'HOL' ? holidayAmountCents?.(day.date) : undefined;
      if (rate !== null && holidayAmount != null) {
        line.holidayAmount = (line.holidayAmount ?? 0) + holidayAmount;
      }
      byKey.set(key, line);
    }
  }
  return [...byKey.values()]
    .sort(
      (a, b) =>
        PAY_CODES.indexOf(a.code) - PAY_CODES.indexOf(b.code) ||
        (a.rateCents ?? -1) - (b.rateCents ?? -1),
    )
    .map((line) => ({
      code: line.code,
      minutes: line.minutes,
      rateCents: line.rateCents,
      multiplier: payCodeMultiplier(line.code),
      paidRateCents: line.rateCents === null ? null : paidRateCents(line.code, line.rateCents),
      amountCents:
        line.rateCents === null
          ? null
          : (line.holidayAmount ?? amountCents(line.code, line.minutes, line.rateCents)),
    }));
}

/** Hours in decimal to 2 places, as payroll systems read them: 450 min → "7.50". */
export function decimalHours(minutes: number): string {
  const hundredths = Math.round((minutes * 100) / 60);
  const sign = hundredths < 0 ? '-' : '';
  const abs = Math.abs(hundredths);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Public holiday pay as minutes of pay, the ESA formula with hours for wages: (regular minutes
 * + vacation minutes in the 4 work weeks before the holiday's week) ÷ 20, to the nearest minute.
 */
export function holidayPayMinutes(regularMinutes: number, vacationMinutes: number): number {
  return Math.floor((regularMinutes + vacationMinutes + 10) / 20);
}
