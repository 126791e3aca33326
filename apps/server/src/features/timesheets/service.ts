// A person's timesheet for one pay period (issue #14, item 1): read-only, computed on request
// from the stored day metrics and the punches with approved corrections applied.
import { t } from '@lingui/core/macro';
import {
  timesheetQuerySchema,
  type LabourFinding,
  type Timesheet,
  type TimesheetDay,
} from '@punchclock/shared/contracts/timesheets';
import {
  startOfBusinessDay,
  shiftDate,
  toBusinessDate,
} from '@punchclock/shared/domain/business-time';
import { applyCorrections } from '@punchclock/shared/domain/corrections';
import {
  DEFAULT_REST_PAIR_ANCHOR,
  findExcessWeeklyHours,
  findMissingEatingPeriods,
  findMissingRestByRule,
  findShortDailyRest,
  findShortRestBetweenShifts,
  twoWeekRestPeriodStart,
  type WorkInterval,
} from '@punchclock/shared/domain/pay/labour-checks';
import type { OvertimeMinutes } from '@punchclock/shared/domain/pay/overtime';
import {
  datesOf,
  payPeriodContaining,
  type DateRange,
  type PayCalendar,
} from '@punchclock/shared/domain/pay/pay-periods';
import { payReadsFrom } from '@punchclock/shared/domain/pay/public-holiday-pay';
import { vacationPayEarned } from '@punchclock/shared/domain/pay/vacation';
import { workWeekContaining } from '@punchclock/shared/domain/pay/work-week';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { NotFound, parseInput } from '../../platform/errors.ts';
import {
  computeRuledOvertime,
  excessHoursAgreementFor,
  ruleSetResolverFor,
} from '../pay-rules/index.ts';
import { assertCanSeePerson, findUserSummaryById, type Caller } from '../people/index.ts';
import {
  listApprovedCorrections,
  listShiftEvents,
  toDomainCorrection,
} from '../time-tracking/index.ts';
import {
  holidayLookup,
  publicHolidayName,
  rateOnFrom,
  readHolidayEdits,
  readRatesOf,
} from '../pay-settings/index.ts';
import { holidayPayOn, leaveByPayCodeOf, timesheetPayLines, type PayDayInput } from './pay.ts';
import { employerDayStarts } from './employer-days.ts';
import { listTimesheetDayMetrics } from './repository.ts';

/** Anyone reads their own timesheet; others through the one who-may-see-whom rule. */
async function assertCanReadTimesheet(db: Db, caller: Caller, userId: string): Promise<void> {
  if (caller.userId === userId) return;
  await assertCanSeePerson(db, caller, userId);
}

function addOvertime(total: OvertimeMinutes, more: OvertimeMinutes): void {
  for (const [code, minutes] of Object.entries(more)) total[code] = (total[code] ?? 0) + minutes;
}

/**
 * Work intervals from one shift day's corrected punches: from each clock-in (or break start) to
 * the next punch. Paid breaks count as work (as in the day's worked minutes); lunch is time off.
 * A shift still open (no later punch) gives no interval: it is not over, or its end is unknown.
 */
function workIntervalsOf(
  events: readonly { eventType: string; occurredAt: string }[],
): WorkInterval[] {
  const intervals: WorkInterval[] = [];
  events.forEach((event, index) => {
    const next = events[index + 1];
    if (next && (event.eventType === 'clock_in' || event.eventType === 'break')) {
      intervals.push({ start: event.occurredAt, end: next.occurredAt });
    }
  });
  return intervals;
}

/** Whether a finding concerns the pay period (its instants or dates fall in it). */
function isInPeriod(finding: LabourFinding, period: DateRange, timeZone: string): boolean {
  const periodStart = startOfBusinessDay(period.start, timeZone).toISOString();
  const periodEnd = startOfBusinessDay(shiftDate(period.end, 1), timeZone).toISOString();
  const within = (instant: string) =>
    Date.parse(instant) >= Date.parse(periodStart) && Date.parse(instant) < Date.parse(periodEnd);
  switch (finding.kind) {
    case 'missing-eating-period':
      return within(finding.start);
    case 'short-daily-rest':
      return finding.businessDate >= period.start && finding.businessDate <= period.end;
    case 'short-rest-between-shifts':
      return within(finding.nextShiftStart);
    case 'missing-weekly-rest':
      // One work week, or a pair of them under the 48-hour rule: any overlap with the period.
      return (
        Date.parse(finding.periodStart) < Date.parse(periodEnd) &&
        Date.parse(finding.periodEnd) > Date.parse(periodStart)
      );
    case 'excess-weekly-hours':
      return (
        finding.weekStartDate <= period.end && shiftDate(finding.weekStartDate, 6) >= period.start
      );
  }
}

/**
 * Where the pairs of work weeks for the 48-hour weekly rest are counted from (decision 0039): the
 * pay calendar's anchor when it has one (with bi-weekly pay starting on the work week's first
 * day, each pay period is one pair), else a fixed week.
 */
function restPairAnchorOf(calendar: PayCalendar): string {
  return 'anchorDate' in calendar ? calendar.anchorDate : DEFAULT_REST_PAIR_ANCHOR;
}

export async function getTimesheet(
  db: Db,
  config: AppConfig,
  caller: Caller,
  rawQuery: unknown,
  now: Date = new Date(),
): Promise<Timesheet> {
  const query = parseInput(timesheetQuerySchema, rawQuery);
  const userId = query.userId ?? caller.userId;
  await assertCanReadTimesheet(db, caller, userId);
  const period = payPeriodContaining(
    config.pay.calendar,
    query.date ?? toBusinessDate(now, config.timeZone),
  );
  const sheet = await buildTimesheet(db, config, userId, period);
  // Rates and amounts: admins and the person themself only (docs/decisions/0018).
  if (caller.role === 'admin' || caller.userId === userId) return sheet;
  return {
    ...sheet,
    payLines: sheet.payLines.map((line) => ({
      ...line,
      rateCents: null,
      paidRateCents: null,
      amountCents: null,
    })),
    vacationPay: null,
  };
}

/**
 * One person's timesheet for a pay period, without the caller check: the timesheet GET and the
 * payroll export both compute it here, so their figures agree.
 */
export async function buildTimesheet(
  db: Db,
  config: AppConfig,
  userId: string,
  period: DateRange,
): Promise<Timesheet> {
  const person = await findUserSummaryById(db, userId);
  if (!person) throw new NotFound(t`No such person`);
  const { timeZone, pay } = config;
  // The weekly threshold is held against whole work weeks: read the weeks the period's first
  // and last days fall in, even their days outside the period, and report the period's days.
  const from = workWeekContaining(period.start, pay.workWeekStart).start;
  const to = workWeekContaining(period.end, pay.workWeekStart).end;
  // Weekly rest under the 48-hour rule looks at whole pairs of work weeks, which may reach a
  // week beyond those.
  const pairAnchor = restPairAnchorOf(pay.calendar);
  const restFrom = twoWeekRestPeriodStart(from, pay.workWeekStart, pairAnchor);
  const restTo = shiftDate(twoWeekRestPeriodStart(to, pay.workWeekStart, pairAnchor), 13);

  // Labour checks look a day beyond the weeks (a night shift into the first day, a rest window).
  // Public holiday pay reads the 4 work weeks before the first week, in whatever pay period.
  const [metrics, punches, corrections, holidayEdits, rates] = await Promise.all([
    listTimesheetDayMetrics(db, userId, payReadsFrom(period.start, pay.workWeekStart, true), to),
    listShiftEvents(db, [userId], shiftDate(restFrom, -1), restTo),
    listApprovedCorrections(db, [userId], shiftDate(restFrom, -1), restTo),
    readHolidayEdits(db),
    readRatesOf(db, userId),
  ]);
  const holidayOn = holidayLookup(holidayEdits);
  const hasHoliday = datesOf(period).some((date) => holidayOn(date) !== null);

  // Each work week under the person's rule set in force on its first day (pay-rules feature):
  // worked minutes after rounding/grace, overtime paid or banked as time off in lieu. With a
  // holiday in the period, from the first of its 4 weeks before: their regular minutes are
  // that week's, under that week's rule set (overtime excluded), not only the period's.
  const [overtime, rules] = await Promise.all([
    computeRuledOvertime(
      db,
      config,
      userId,
      payReadsFrom(period.start, pay.workWeekStart, hasHoliday),
      to,
    ),
    ruleSetResolverFor(db, config, userId),
  ]);
  const splitOf = new Map(overtime.days.map((day) => [day.date, day]));
  const metricsOf = new Map(metrics.map((row) => [row.date, row]));
  // Ontario's holidays in the reader's language, an admin's as written (decision 0043).
  const holidayName = (date: string) => {
    const holiday = holidayOn(date);
    return holiday ? publicHolidayName(holiday) : null;
  };
  const rateOn = rateOnFrom(rates);
  const payDays = new Map<string, PayDayInput>(
    metrics.map((row) => [
      row.date,
      {
        date: row.date,
        regularMinutes: splitOf.get(row.date)?.regularMinutes ?? 0,
        leaveByPayCode: leaveByPayCodeOf(row),
      },
    ]),
  );
  const holidayPay = (date: string) =>
    holidayOn(date) ? holidayPayOn(date, pay.workWeekStart, payDays, rateOn) : null;

  const days: TimesheetDay[] = datesOf(period).map((date) => {
    const row = metricsOf.get(date);
    const split = splitOf.get(date);
    return {
      date,
      workedMinutes: split?.workedMinutes ?? row?.workedMinutes ?? 0,
      regularMinutes: split?.regularMinutes ?? 0,
      overtime: split?.overtime ?? {},
      toilEarnedMinutes: split?.toilEarnedMinutes ?? 0,
      roundingMinutes: split?.roundingMinutes ?? 0,
      breakMinutes: row?.breakMinutes ?? 0,
      lunchMinutes: row?.lunchMinutes ?? 0,
      paidLeaveMinutes: row?.paidLeaveMinutes ?? 0,
      unpaidLeaveMinutes: row?.unpaidLeaveMinutes ?? 0,
      holiday: holidayName(date),
      isCorrected: row?.isCorrected ?? false,
      leaveByPayCode: leaveByPayCodeOf(row),
      holidayPayMinutes: holidayPay(date)?.minutes ?? 0,
      workedOnHoliday: holidayName(date) !== null && (row?.workedMinutes ?? 0) > 0,
    };
  });

  // Every work week sharing a day with the period, with the whole week's figures.
  const splitOfWeek = new Map(overtime.weeks.map((week) => [week.start, week]));
  const weeks = [];
  for (let start = from; start <= to; start = shiftDate(start, 7)) {
    const week = splitOfWeek.get(start);
    weeks.push({
      start,
      end: shiftDate(start, 6),
      workedMinutes: week?.workedMinutes ?? 0,
      regularMinutes: week?.regularMinutes ?? 0,
      overtime: week?.overtime ?? {},
      thresholdMinutes: week?.thresholdMinutes ?? pay.overtimeWeeklyMinutes,
      toilEarnedMinutes: week?.toilEarnedMinutes ?? 0,
      ruleSet: week?.ruleSet ?? null,
    });
  }

  const totals = {
    workedMinutes: 0,
    regularMinutes: 0,
    overtime: {} as OvertimeMinutes,
    toilEarnedMinutes: 0,
    breakMinutes: 0,
    lunchMinutes: 0,
    paidLeaveMinutes: 0,
    unpaidLeaveMinutes: 0,
  };
  for (const day of days) {
    totals.workedMinutes += day.workedMinutes;
    totals.regularMinutes += day.regularMinutes;
    addOvertime(totals.overtime, day.overtime);
    totals.toilEarnedMinutes += day.toilEarnedMinutes ?? 0;
    totals.breakMinutes += day.breakMinutes;
    totals.lunchMinutes += day.lunchMinutes;
    totals.paidLeaveMinutes += day.paidLeaveMinutes;
    totals.unpaidLeaveMinutes += day.unpaidLeaveMinutes;
  }

  // Worked intervals: each shift day's punches with its approved corrections applied.
  const byShiftDay = new Map<string, typeof punches>();
  for (const punch of punches) {
    byShiftDay.set(punch.shiftDate, [...(byShiftDay.get(punch.shiftDate) ?? []), punch]);
  }
  const shiftDays = new Set([...byShiftDay.keys(), ...corrections.map((c) => c.date)]);
  const workByShiftDay = new Map(
    [...shiftDays].map((date) => {
      const dayCorrections = corrections.filter((c) => c.date === date).map(toDomainCorrection);
      const events = applyCorrections(byShiftDay.get(date) ?? [], dayCorrections).events;
      return [date, workIntervalsOf(events)] as const;
    }),
  );
  const work = [...workByShiftDay.values()].flat();
  const dayStarts = await employerDayStarts(db, userId, workByShiftDay, timeZone);
  const weekOptions = { weekStartsOn: pay.workWeekStart, timeZone };
  const findings: LabourFinding[] = [
    ...findMissingEatingPeriods(work),
    // The daily 11 hours off, each "day" from the scheduled shift start (employer-days.ts).
    ...findShortDailyRest(work, timeZone, dayStarts),
    ...findShortRestBetweenShifts(work),
    // 24 h each work week or 48 h in each pair of them: the rule set in force chooses.
    ...findMissingRestByRule(work, {
      ...weekOptions,
      pairAnchorDate: pairAnchor,
      ruleOn: (weekStartDate) => rules.resolve(weekStartDate).rules.weeklyRest,
    }),
    // A week over 48 h is flagged unless an excess-hours agreement on file covers all of it.
    ...findExcessWeeklyHours(work, {
      ...weekOptions,
      hasExcessHoursAgreement: await excessHoursAgreementFor(
        db,
        userId,
        shiftDate(from, -7),
        shiftDate(to, 7),
      ),
    }),
  ].filter((finding) => isInPeriod(finding, period, timeZone));

  const payLines = timesheetPayLines(days, rateOn, (date) => holidayPay(date)?.amountCents ?? null);
  return {
    period,
    person: { id: person.id, name: person.name },
    days,
    weeks,
    totals,
    findings,
    payLines,
    vacationPay: vacationPayEarned(
      payLines,
      person.hireDate ?? toBusinessDate(person.createdAt, timeZone),
      Number(period.end.slice(0, 4)),
    ),
  };
}
