import type { FastifyInstance } from 'fastify';
import {
  computeDayMetrics,
  type DayMetrics,
  type DayPlan,
} from '@punchclock/shared/domain/adherence';
import { shiftDate } from '@punchclock/shared/domain/business-time';
import { isWorkingDay, shiftInstants, type ShiftPattern } from '@punchclock/shared/domain/schedule';
import type { Db } from '../db/client.ts';
import { createRandom, generateShiftPunches, type GeneratedPunch } from '../demo-data.ts';
import { timeEvents } from '../db/schema.ts';
import { uniqueEmail } from './factories.ts';
import { seedAssignment, seedTemplate } from './schedules.ts';
import { TORONTO } from './time-tracking.ts';
import { bulkInsertUsers } from './users.ts';

/** Every yyyy-MM-dd from `from` to `to` inclusive. */
export function datesInRange(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = shiftDate(date, 1)) dates.push(date);
  return dates;
}

/**
 * The plan of a shift starting on `date`, written independently of the server's planFor:
 * shiftInstants for the shift, and the lunch window on the wall clock of the day it falls on
 * (the next day when its time is before the shift start). null on a day off.
 */
export function planFromPattern(
  pattern: ShiftPattern,
  date: string,
  templateName: string,
  timeZone = TORONTO,
): DayPlan | null {
  if (!isWorkingDay(pattern, date)) return null;
  const { start, end } = shiftInstants(pattern, date, timeZone);
  let lunch: { start: Date; end: Date } | null = null;
  if (pattern.lunchStart && pattern.lunchEnd) {
    const lunchPattern = { ...pattern, workStart: pattern.lunchStart, workEnd: pattern.lunchEnd };
    lunch = shiftInstants(lunchPattern, date, timeZone);
    if (lunch.start < start) lunch = shiftInstants(lunchPattern, shiftDate(date, 1), timeZone);
  }
  return {
    templateName,
    start,
    end,
    lunchStart: lunch?.start ?? null,
    lunchEnd: lunch?.end ?? null,
    breakAllowanceMinutes: pattern.breakDurationMins,
  };
}

export interface MonthTemplate {
  name: string;
  pattern: ShiftPattern;
}

export interface MonthPerson {
  id: string;
  email: string;
  name: string;
  teamId: string | null;
  template: MonthTemplate;
  punches: GeneratedPunch[];
}

export interface GeneratedMonth {
  from: string;
  to: string;
  people: MonthPerson[];
}

/**
 * People with a template each over [from, to], and punches generated for every day of it
 * by the demo generator from one seed (so a failure reproduces), written straight into
 * time_events. The assignments go through the schedules service, which queues their days.
 */
export async function seedGeneratedMonth(
  db: Db,
  options: {
    from: string;
    to: string;
    seed: number;
    people: { name: string; teamId: string | null; template: ShiftPattern }[];
  },
): Promise<GeneratedMonth> {
  const rows = options.people.map((person) => ({
    email: uniqueEmail('month'),
    name: person.name,
    role: 'employee' as const,
    teamId: person.teamId,
  }));
  const ids = await bulkInsertUsers(db, rows);
  const templates = new Map<ShiftPattern, MonthTemplate & { id: string }>();
  for (const person of options.people) {
    if (templates.has(person.template)) continue;
    const created = await seedTemplate(db, {
      ...person.template,
      workingDays: [...person.template.workingDays],
    });
    templates.set(person.template, {
      id: created.id,
      name: created.name,
      pattern: person.template,
    });
  }
  const random = createRandom(options.seed);
  const people: MonthPerson[] = [];
  for (const [index, person] of options.people.entries()) {
    const id = ids[index] as string;
    const { id: templateId, ...template } = templates.get(person.template) as MonthTemplate & {
      id: string;
    };
    await seedAssignment(db, {
      userId: id,
      templateId,
      dateRangeStart: options.from,
      dateRangeEnd: options.to,
    });
    const punches = datesInRange(options.from, options.to).flatMap((date) =>
      generateShiftPunches(person.template, date, TORONTO, random),
    );
    if (punches.length > 0) {
      await db.insert(timeEvents).values(punches.map((punch) => ({ ...punch, userId: id })));
    }
    people.push({
      id,
      email: rows[index]?.email ?? '',
      name: person.name,
      teamId: person.teamId,
      template,
      punches,
    });
  }
  return { from: options.from, to: options.to, people };
}

/** A punch written outside the generator (insertPunches), as the engine needs it. */
export type ExtraPunch = Pick<GeneratedPunch, 'eventType' | 'occurredAt' | 'date' | 'shiftDate'>;

export interface ExpectedDay {
  userId: string;
  date: string;
  metrics: DayMetrics;
}

/** Every stored person-day the generated month should give, computed here with the engine. */
export function expectedDays(
  month: GeneratedMonth,
  now: Date,
  extraPunches: ReadonlyMap<string, readonly ExtraPunch[]> = new Map(),
): ExpectedDay[] {
  const days: ExpectedDay[] = [];
  for (const person of month.people) {
    const punches = [...person.punches, ...(extraPunches.get(person.id) ?? [])];
    for (const date of datesInRange(month.from, month.to)) {
      const plan = planFromPattern(person.template.pattern, date, person.template.name);
      const events = punches
        .filter((punch) => punch.shiftDate === date)
        .map((punch) => ({
          eventType: punch.eventType,
          occurredAt: punch.occurredAt.toISOString(),
          date: punch.date,
        }));
      if (!plan && events.length === 0) continue;
      days.push({ userId: person.id, date, metrics: computeDayMetrics({ plan, events, now }) });
    }
  }
  return days;
}

const pct = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;

/** The adherence report's figures over some days, summed the way FIELD-NOTES defines them. */
export function figuresOf(days: readonly ExpectedDay[]) {
  const complete = days.filter((day) => day.metrics.status === 'complete');
  const sum = (list: readonly ExpectedDay[], pick: (metrics: DayMetrics) => number) =>
    list.reduce((total, day) => total + pick(day.metrics), 0);
  const count = (test: (metrics: DayMetrics) => boolean) =>
    days.filter((day) => test(day.metrics)).length;
  return {
    scheduledDays: count((m) => m.status !== 'unscheduled' && m.status !== 'no_schedule'),
    completeDays: complete.length,
    absentDays: count((m) => m.status === 'absent'),
    excusedDays: count((m) => m.status === 'excused'),
    inProgressDays: count((m) => m.status === 'in_progress'),
    unscheduledDays: count((m) => m.status === 'unscheduled'),
    scheduledMinutes: sum(days, (m) => m.scheduledMinutes),
    workedMinutes: sum(days, (m) => m.workedMinutes),
    adherencePct: pct(
      sum(complete, (m) => m.adherentMinutes),
      sum(complete, (m) => m.scheduledMinutes),
    ),
    conformancePct: pct(
      sum(complete, (m) => m.workedMinutes),
      sum(complete, (m) => m.scheduledMinutes),
    ),
    lateDays: count((m) => m.lateMinutes > 0),
    earlyLeaveDays: count((m) => m.earlyLeaveMinutes > 0),
    overbreakDays: count((m) => m.overbreakMinutes > 0),
    missedClockOuts: count((m) => m.missedClockOut),
  };
}

/** GET a report URL that must answer 200 and return its JSON. */
export async function getReport<T>(app: FastifyInstance, cookie: string, url: string): Promise<T> {
  const response = await app.inject({ method: 'GET', url, headers: { cookie } });
  if (response.statusCode !== 200) {
    throw new Error(`GET ${url}: expected 200, got ${response.statusCode} ${response.body}`);
  }
  return response.json() as T;
}
