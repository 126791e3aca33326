import { randomBytes } from 'node:crypto';
import type { Role } from '@punchclock/shared/domain/roles';
import type { Db } from './db/client.ts';
import {
  DEFAULT_TIME_ZONE,
  shiftDate,
  startOfBusinessDay,
  toBusinessDate,
} from '@punchclock/shared/domain/business-time';
import { timeEvents, workloadHistory } from './db/schema.ts';
import { createRandom, datesFrom, generateShiftPunches, generateWorkload } from './demo-data.ts';
import { recomputeDays } from './features/reports/index.ts';
import { assignTemplate, createTemplate } from './features/schedules/index.ts';
import { createTeam } from './features/teams/index.ts';
import { listTimeOffTypes, setAllowance } from './features/time-off/index.ts';
import { countUsers } from './features/people/index.ts';
import { createUser, updateUser } from './features/users/index.ts';
import { SYSTEM_META } from './platform/request-meta.ts';

const DEMO_PEOPLE: ReadonlyArray<{ name: string; email: string; role: Role }> = [
  { name: 'Avery Admin', email: 'admin@demo.punchclock.test', role: 'admin' },
  { name: 'Taylor Lead', email: 'lead@demo.punchclock.test', role: 'team_lead' },
  { name: 'Sam Expert', email: 'sme@demo.punchclock.test', role: 'sme' },
  { name: 'Eli Employee', email: 'eli@demo.punchclock.test', role: 'employee' },
  { name: 'Maya Chen', email: 'maya@demo.punchclock.test', role: 'employee' },
  { name: 'Noah Tremblay', email: 'noah@demo.punchclock.test', role: 'employee' },
  { name: 'Priya Singh', email: 'priya@demo.punchclock.test', role: 'employee' },
  { name: 'Olivia Night', email: 'olivia@demo.punchclock.test', role: 'employee' },
  { name: 'Lucas Moreau', email: 'lucas@demo.punchclock.test', role: 'employee' },
];

/** Hire dates, so vacation shows both the 2-week and the 3-week (5 years) ESA minimum. */
const DEMO_HIRE_DATES: Record<string, string> = {
  eli: '2023-04-03',
  maya: '2021-09-13',
  noah: '2024-06-03',
  priya: '2018-02-05',
  olivia: '2019-10-07',
  lucas: '2025-08-18',
  lead: '2017-05-01',
};

/** Random, and always within the product's password rules (uppercase, digit, length). */
function generateDemoPassword(): string {
  return `Demo-${randomBytes(6).toString('base64url')}-7Q`;
}

const DEMO_TEMPLATES = [
  {
    name: 'Day shift',
    workStart: '09:00',
    workEnd: '17:00',
    lunchStart: '12:00',
    lunchEnd: '12:30',
    breakDurationMins: 15,
    workingDays: [1, 2, 3, 4, 5],
  },
  {
    name: 'Evening shift',
    workStart: '14:00',
    workEnd: '22:00',
    lunchStart: '18:00',
    lunchEnd: '18:30',
    breakDurationMins: 15,
    workingDays: [1, 2, 3, 4, 5],
  },
  // Overnight, Tuesday to Saturday nights: Saturday's night is the one a DST change (always
  // early on a Sunday) falls in. Each shift belongs to the day it starts.
  {
    name: 'Night shift',
    workStart: '22:00',
    workEnd: '06:00',
    lunchStart: '02:00',
    lunchEnd: '02:30',
    breakDurationMins: 15,
    workingDays: [2, 3, 4, 5, 6],
  },
];

const NIGHT_EMAILS = new Set(['olivia', 'lucas']);

const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

/** The Sunday-to-Saturday week before this one: Maya works 10-hour days in it (50 h, 6 h overtime). */
export function lastFullWeek(today: string): Set<string> {
  const weekDay = new Date(`${today}T00:00:00Z`).getUTCDay();
  return new Set(datesFrom(shiftDate(today, -weekDay - 7), 7));
}

/** The most recent day (up to a year back) whose length is not 24 hours: a DST change. */
export function latestDstChange(today: string, timeZone: string): string | null {
  for (let back = 0; back < 370; back++) {
    const date = shiftDate(today, -back);
    const length =
      startOfBusinessDay(shiftDate(date, 1), timeZone).getTime() -
      startOfBusinessDay(date, timeZone).getTime();
    if (length !== 86_400_000) return date;
  }
  return null;
}

/**
 * Fills an empty database with a demo organisation: people of every role, two teams, two
 * shift templates assigned for six weeks around today, and 30 days of realistic punches (so the
 * reports have something to show). Leaves a database that has users untouched.
 */
export async function seedDemoOrganisation(
  db: Db,
  log: (line: string) => void,
  timeZone = DEFAULT_TIME_ZONE,
): Promise<void> {
  if ((await countUsers(db)) > 0) {
    log('Demo: the database already has users, so no demo data was added.');
    return;
  }
  log('Demo organisation created. Sign in with any of these:');
  await fillDemoOrganisation(db, log, timeZone, null);
}

/**
 * The demo organisation around the admin the first-run setup made (its "Add demo data"): the
 * demo's other people, teams, schedules and history, with that admin in Avery Admin's place.
 * Their passwords are random and printed nowhere: the admin resets one to try their view.
 */
export async function addDemoOrganisation(
  db: Db,
  timeZone: string,
  adminId: string,
): Promise<void> {
  await fillDemoOrganisation(db, () => {}, timeZone, adminId);
}

async function fillDemoOrganisation(
  db: Db,
  log: (line: string) => void,
  timeZone: string,
  adminId: string | null,
): Promise<void> {
  const actor = { actorId: adminId, meta: SYSTEM_META };
  const ids = new Map<string, string>();
  for (const person of DEMO_PEOPLE) {
    if (adminId && person.role === 'admin') {
      ids.set(person.email, adminId);
      continue;
    }
    const password = generateDemoPassword();
    const user = await createUser(db, { ...person, password }, actor);
    ids.set(person.email, user.id);
    log(`  ${person.role.padEnd(9)} ${person.email.padEnd(30)} ${password}`);
  }
  const id = (email: string) => ids.get(`${email}@demo.punchclock.test`) ?? '';

  const blue = await createTeam(db, { name: 'Blue team', leadUserId: id('lead') }, actor);
  const green = await createTeam(db, { name: 'Green team', leadUserId: id('lead') }, actor);
  const night = await createTeam(db, { name: 'Night team', leadUserId: id('lead') }, actor);
  for (const [email, team] of [
    ['eli', blue],
    ['maya', blue],
    ['noah', green],
    ['priya', green],
    ['lead', blue],
    ['olivia', night],
    ['lucas', night],
  ] as const) {
    const user = DEMO_PEOPLE.find((person) => person.email.startsWith(`${email}@`));
    if (user)
      await updateUser(
        db,
        id(email),
        {
          name: user.name,
          email: user.email,
          role: user.role,
          teamId: team.id,
          hireDate: DEMO_HIRE_DATES[email] ?? null,
        },
        actor,
      );
  }

  const today = toBusinessDate(new Date(), timeZone);
  const from = shiftDate(today, -45);
  const templates = [];
  for (const template of DEMO_TEMPLATES) templates.push(await createTemplate(db, template, actor));
  const plan: [string, number][] = [
    ['eli', 0],
    ['maya', 0],
    ['noah', 1],
    ['priya', 0],
    ['lead', 0],
    ['sme', 1],
    ['olivia', 2],
    ['lucas', 2],
  ];
  // The night team's history reaches back over the latest DST change (at most a year), so
  // their timesheets show a 7-hour or a 9-hour night filed whole on the day it started.
  const dstChange = latestDstChange(today, timeZone);
  const historyStart = (email: string) =>
    NIGHT_EMAILS.has(email) && dstChange && shiftDate(dstChange, -7) < shiftDate(today, -30)
      ? shiftDate(dstChange, -7)
      : shiftDate(today, -30);
  const overtimeWeek = lastFullWeek(today);
  const earliest = [...plan].map(([email]) => historyStart(email)).sort()[0] ?? from;
  for (const [email, index] of plan) {
    const template = templates[index];
    if (!template) continue;
    await assignTemplate(
      db,
      {
        userIds: [id(email)],
        templateId: template.id,
        dateRangeStart: historyStart(email) < from ? historyStart(email) : from,
        dateRangeEnd: shiftDate(today, 30),
      },
      actor,
    );
  }

  // Punches for the past 30 days (not today, so the live dashboard starts clean).
  const random = createRandom(20261122);
  const punches = [];
  for (const [email, index] of plan) {
    const template = templates[index];
    if (!template) continue;
    const start = historyStart(email);
    for (const date of datesFrom(start, daysBetween(start, today))) {
      const isOvertimeDay = overtimeWeek.has(date) && email === 'maya';
      const isDstNight =
        NIGHT_EMAILS.has(email) && dstChange !== null && date === shiftDate(dstChange, -1);
      const pattern = isOvertimeDay
        ? { ...template, workStart: '07:30', workEnd: '18:00' }
        : template;
      // A steady hand on the days that must show something: always there, on time, no jitter.
      const dice = isOvertimeDay || isDstNight ? () => 0.5 : random;
      for (const punch of generateShiftPunches(pattern, date, timeZone, dice)) {
        punches.push({ ...punch, userId: id(email) });
      }
    }
  }
  if (punches.length > 0) await db.insert(timeEvents).values(punches);

  // Eight weeks of the Blue team's workload, for Demand Planning's forecast and auto-fill.
  const workload = generateWorkload(datesFrom(shiftDate(today, -56), 56), timeZone, random);
  await db.insert(workloadHistory).values(workload.map((row) => ({ ...row, teamId: blue.id })));

  // Yearly allowances for everyone, so the Time Off screen has balances to show.
  const year = Number(today.slice(0, 4));
  const allowances = { Vacation: 15, Sick: 10, Personal: 3 } as Record<string, number>;
  for (const type of await listTimeOffTypes(db)) {
    const days = allowances[type.name];
    if (days === undefined) continue;
    for (const userId of ids.values()) {
      await setAllowance(
        db,
        { typeId: type.id, year, userId, teamId: null, days },
        actor,
        timeZone,
      );
    }
  }
  await recomputeDays(db, timeZone, [...ids.values()], earliest < from ? earliest : from, today);
  log(
    `  (${punches.length} punches over 30 days, three teams incl. a night team across the DST change of ${dstChange ?? 'none'}, an overtime week for Maya Chen, 8 weeks of the Blue team's workload for Demand Planning)`,
  );
}
