import { randomBytes } from 'node:crypto';
import type { Role } from '@punchclock/shared/domain/roles';
import type { Db } from './db/client.ts';
import {
  DEFAULT_TIME_ZONE,
  shiftDate,
  toBusinessDate,
} from '@punchclock/shared/domain/business-time';
import { timeEvents } from './db/schema.ts';
import { createRandom, datesFrom, generateShiftPunches } from './demo-data.ts';
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
];

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
];

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
  const actor = { actorId: null, meta: SYSTEM_META };
  log('Demo organisation created. Sign in with any of these:');
  const ids = new Map<string, string>();
  for (const person of DEMO_PEOPLE) {
    const password = generateDemoPassword();
    const user = await createUser(db, { ...person, password }, actor);
    ids.set(person.email, user.id);
    log(`  ${person.role.padEnd(9)} ${person.email.padEnd(30)} ${password}`);
  }
  const id = (email: string) => ids.get(`${email}@demo.punchclock.test`) ?? '';

  const blue = await createTeam(db, { name: 'Blue team', leadUserId: id('lead') }, actor);
  const green = await createTeam(db, { name: 'Green team', leadUserId: id('lead') }, actor);
  for (const [email, team] of [
    ['eli', blue],
    ['maya', blue],
    ['noah', green],
    ['priya', green],
    ['lead', blue],
  ] as const) {
    const user = DEMO_PEOPLE.find((person) => person.email.startsWith(`${email}@`));
    if (user)
      await updateUser(
        db,
        id(email),
        { name: user.name, email: user.email, role: user.role, teamId: team.id },
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
  ];
  for (const [email, index] of plan) {
    const template = templates[index];
    if (!template) continue;
    await assignTemplate(
      db,
      {
        userIds: [id(email)],
        templateId: template.id,
        dateRangeStart: from,
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
    for (const date of datesFrom(shiftDate(today, -30), 30)) {
      for (const punch of generateShiftPunches(template, date, timeZone, random)) {
        punches.push({ ...punch, userId: id(email) });
      }
    }
  }
  if (punches.length > 0) await db.insert(timeEvents).values(punches);

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
  await recomputeDays(db, timeZone, [...ids.values()], from, today);
  log(`  (${punches.length} punches over 30 days, two teams, two shift templates)`);
}
