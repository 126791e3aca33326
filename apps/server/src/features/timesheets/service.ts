// A person's timesheet for one pay period (issue #14, item 1): read-only, computed on request
// from the stored day metrics and the punches with approved corrections applied.
import { t } from '@lingui/core/macro';
import {
  timesheetQuerySchema,
  type LabourFinding,
  type Timesheet,
  type TimesheetDay,
} from '@punchclock/shared/contracts/timesheets';
import type { PayRate } from '@punchclock/shared/contracts/payroll';
import type { UserSummary } from '@punchclock/shared/contracts/users';
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
import type { PublicHoliday } from '@punchclock/shared/domain/pay/holidays';
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
  excessHoursAgreementsFor,
  ruledOvertimeFrom,
  ruledOvertimeReads,
  ruleSetResolversFor,
  type RuleSetResolver,
} from '../pay-rules/index.ts';
import { assertCanSeePerson, listUserSummariesByIds, type Caller } from '../people/index.ts';
import { listAssignmentPlans, type AssignmentPlan } from '../schedules/index.ts';
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
  readRatesOfPeople,
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
  const periodStart = startOfBusinessDay(period.start, timeZone).getTime();
  const periodEnd = startOfBusinessDay(shiftDate(period.end, 1), timeZone).getTime();
  const within = (instant: string) =>
    Date.parse(instant) >= periodStart && Date.parse(instant) < periodEnd;
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
        Date.parse(finding.periodStart) < periodEnd && Date.parse(finding.periodEnd) > periodStart
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
 * One person's timesheet for a pay period, without the caller check: buildTimesheets with one
 * person, so a person's screen and the period's overview, approval and export agree.
 */
export async function buildTimesheet(
  db: Db,
  config: AppConfig,
  userId: string,
  period: DateRange,
): Promise<Timesheet> {
  const [sheet] = await buildTimesheets(db, config, [userId], period);
  if (!sheet) throw new NotFound(t`No such person`);
  return sheet;
}

/** The days a period's timesheets read, for everyone (docs/decisions/0045). */
function periodSpan(config: AppConfig, period: DateRange) {
  const { pay } = config;
  // The weekly threshold is held against whole work weeks: read the weeks the period's first
  // and last days fall in, even their days outside the period, and report the period's days.
  const from = workWeekContaining(period.start, pay.workWeekStart).start;
  const to = workWeekContaining(period.end, pay.workWeekStart).end;
  // Weekly rest under the 48-hour rule looks at whole pairs of work weeks, which may reach a
  // week beyond those.
  const pairAnchor = restPairAnchorOf(pay.calendar);
  const restFrom = twoWeekRestPeriodStart(from, pay.workWeekStart, pairAnchor);
  const restTo = shiftDate(twoWeekRestPeriodStart(to, pay.workWeekStart, pairAnchor), 13);
  return {
    from,
    to,
    pairAnchor,
    // Labour checks look a day beyond the weeks (a night shift into the first day, a rest window).
    punchesFrom: shiftDate(restFrom, -1),
    punchesTo: restTo,
    // Public holiday pay reads the 4 work weeks before the first week, in whatever pay period.
    metricsFrom: payReadsFrom(period.start, pay.workWeekStart, true),
  };
}

const earlier = (a: string, b: string) => (a < b ? a : b);
const later = (a: string, b: string) => (a > b ? a : b);

/**
 * The timesheets of some people for one pay period (in their order; unknown ids left out), set
 * based: each kind of data (people, day figures, punches, corrections, schedules, rule sets and
 * their assignments, rates, holidays, agreements) is read once for all of them over the days
 * the period's pay needs, then each person's sheet is computed in memory by the same code. The
 * number of queries does not grow with the number of people (decision 0045). Pass a transaction
 * as `db` to compute under a lock.
 */
export async function buildTimesheets(
  db: Db,
  config: AppConfig,
  userIds: readonly string[],
  period: DateRange,
): Promise<Timesheet[]> {
  if (userIds.length === 0) return [];
  const { pay } = config;
  const span = periodSpan(config, period);
  // One read after another: `db` may be a transaction, one connection (node-postgres deprecates
  // queries sent on a client still busy with one).
  const people = await listUserSummariesByIds(db, userIds);
  const holidayEdits = await readHolidayEdits(db);
  const byId = new Map(people.map((person) => [person.id, person]));
  const found = userIds.flatMap((id) => byId.get(id) ?? []);
  if (found.length === 0) return [];
  const ids = found.map((person) => person.id);
  const holidayOn = holidayLookup(holidayEdits);
  const hasHoliday = datesOf(period).some((date) => holidayOn(date) !== null);
  // Each work week under the person's rule set in force on its first day (pay-rules feature).
  // With a holiday in the period, from the first of its 4 weeks before: their regular minutes
  // are that week's, under that week's rule set (overtime excluded), not only the period's.
  const overtimeFrom = payReadsFrom(period.start, pay.workWeekStart, hasHoliday);
  const resolverOf = await ruleSetResolversFor(db, config, found);
  const resolvers = new Map(found.map((person) => [person.id, resolverOf(person)]));
  const reads = found.map((person) =>
    ruledOvertimeReads(config, resolvers.get(person.id)!, overtimeFrom, span.to),
  );
  // One span of days for everyone: the labour checks', the holiday pay's and every stretch's.
  const readFrom = reads.reduce((day, read) => earlier(day, read.from), span.punchesFrom);
  const readTo = reads.reduce((day, read) => later(day, read.to), span.punchesTo);
  const metrics = await listTimesheetDayMetrics(
    db,
    ids,
    reads.reduce((day, read) => earlier(day, read.from), span.metricsFrom),
    reads.reduce((day, read) => later(day, read.to), span.to),
  );
  const punches = await listShiftEvents(db, ids, readFrom, readTo);
  const corrections = await listApprovedCorrections(db, ids, readFrom, readTo);
  const plans = await listAssignmentPlans(db, { userIds: ids, from: readFrom, to: readTo });
  const ratesOf = await readRatesOfPeople(db, ids);
  const agreementOf = await excessHoursAgreementsFor(
    db,
    ids,
    shiftDate(span.from, -7),
    shiftDate(span.to, 7),
  );
  // Each person's rows, grouped once (not filtered once per person: linear in the rows).
  const of = <Row extends { userId: string }>(rows: readonly Row[]) => {
    const byUser = new Map<string, Row[]>();
    for (const row of rows) {
      const list = byUser.get(row.userId);
      if (list) list.push(row);
      else byUser.set(row.userId, [row]);
    }
    return (userId: string): readonly Row[] => byUser.get(userId) ?? [];
  };
  const metricsOf = of(metrics);
  const punchesOf = of(punches);
  const correctionsOf = of(corrections);
  const plansOf = of(plans);
  return found.map((person) =>
    timesheetOf(config, period, span, {
      person,
      holidayOn,
      overtimeFrom,
      resolver: resolvers.get(person.id)!,
      metrics: metricsOf(person.id),
      punches: punchesOf(person.id),
      corrections: correctionsOf(person.id),
      plans: plansOf(person.id),
      rates: ratesOf(person.id),
      hasExcessHoursAgreement: agreementOf(person.id),
    }),
  );
}

/**
 * People whose timesheets are computed together when a whole organisation's are needed (the
 * period overview, its approval, the payroll preview and export): memory holds one round's
 * punches, day figures and sheets — all 2,000 people's at once grew the server by 150 MB, all
 * 10,000's by 660 MB — and each round sends buildTimesheets' constant number of statements
 * (docs/benchmarks.md, "Pay periods").
 */
export const TIMESHEET_PEOPLE_PER_ROUND = 500;

/**
 * What `keep` takes of each person's timesheet, for many people (in their order): computed
 * buildTimesheets a round of `peoplePerRound` people at a time, each round's sheets dropped once
 * kept from. Pass a transaction as `db` to compute under a lock.
 */
export async function keepFromTimesheets<T>(
  db: Db,
  config: AppConfig,
  userIds: readonly string[],
  period: DateRange,
  keep: (sheet: Timesheet) => T,
  peoplePerRound = TIMESHEET_PEOPLE_PER_ROUND,
): Promise<T[]> {
  const kept: T[] = [];
  for (let start = 0; start < userIds.length; start += peoplePerRound) {
    const round = userIds.slice(start, start + peoplePerRound);
    for (const sheet of await buildTimesheets(db, config, round, period)) kept.push(keep(sheet));
  }
  return kept;
}

type DayMetricsRow = Awaited<ReturnType<typeof listTimesheetDayMetrics>>[number];
type ShiftEvent = Awaited<ReturnType<typeof listShiftEvents>>[number];
type ApprovedCorrection = Awaited<ReturnType<typeof listApprovedCorrections>>[number];

/** What one person's timesheet is computed from, already read (buildTimesheets). */
interface PersonPayData {
  person: UserSummary;
  holidayOn: (date: string) => PublicHoliday | null;
  overtimeFrom: string;
  resolver: RuleSetResolver;
  /** Day figures, punches and corrections: a superset of the days the sheet reads. */
  metrics: readonly DayMetricsRow[];
  punches: readonly ShiftEvent[];
  corrections: readonly ApprovedCorrection[];
  plans: readonly AssignmentPlan[];
  rates: readonly PayRate[];
  hasExcessHoursAgreement: (weekStartDate: string) => boolean;
}

/** One person's timesheet from their data, without database access. */
function timesheetOf(
  config: AppConfig,
  period: DateRange,
  span: ReturnType<typeof periodSpan>,
  data: PersonPayData,
): Timesheet {
  const { timeZone, pay } = config;
  const { from, to, pairAnchor } = span;
  const { person, holidayOn, resolver: rules } = data;
  const within = (date: string, first: string, last: string) => first <= date && date <= last;
  const metrics = data.metrics.filter((row) => within(row.date, span.metricsFrom, to));
  const punches = data.punches.filter((punch) =>
    within(punch.shiftDate, span.punchesFrom, span.punchesTo),
  );
  const corrections = data.corrections.filter((correction) =>
    within(correction.date, span.punchesFrom, span.punchesTo),
  );
  const overtime = ruledOvertimeFrom(config, rules, data.overtimeFrom, to, {
    worked: data.metrics,
    punches: data.punches,
    corrections: data.corrections,
    plans: data.plans,
  });
  const rates = data.rates;
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
  const dayStarts = employerDayStarts(data.plans, workByShiftDay, timeZone);
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
      hasExcessHoursAgreement: data.hasExcessHoursAgreement,
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
