/**
 * A realistic organisation for the reports benchmark, built fast: people, teams, shift templates,
 * assignments over the whole range, a year of punches and the day metrics computed from them.
 *
 * Bulk rows go in with multi-row INSERTs (people share one precomputed password hash, punches go
 * in 5,000 per statement); templates are made through the schedules service, and day metrics by
 * the app's own recomputeDays, so what the reports read is what the app would have stored.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { shiftDate, toBusinessDate } from '@punchclock/shared/domain/business-time';
import { isDateInRange } from '@punchclock/shared/domain/schedule';
import type { Database, Db } from '../apps/server/src/db/client.ts';
import {
  assignedSchedules,
  dayMetrics,
  profiles,
  teams,
  userRoles,
  users,
} from '../apps/server/src/db/schema.ts';
import { createRandom, datesFrom, generateShiftPunches } from '../apps/server/src/demo-data.ts';
import { recomputeDays } from '../apps/server/src/features/reports/recompute.ts';
import { createTemplate } from '../apps/server/src/features/schedules/service.ts';
import { hashPassword } from '../apps/server/src/platform/passwords.ts';
import { SYSTEM_META } from '../apps/server/src/platform/request-meta.ts';
import { seconds } from './common.ts';

export interface SeedSize {
  users: number;
  days: number;
}

export interface SeedPhase {
  phase: string;
  ms: number;
  rows: number;
}

export interface SeededData {
  adminId: string;
  userIds: string[];
  teamIds: string[];
  /** First and last seeded business day (the last is yesterday, so every day is complete). */
  firstDay: string;
  lastDay: string;
  punches: number;
  dayMetrics: number;
  phases: SeedPhase[];
}

const PUNCH_BATCH = 5_000;
const ROW_BATCH = 5_000;

const TEMPLATES = [
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
    name: 'Early shift',
    workStart: '07:00',
    workEnd: '15:00',
    lunchStart: '11:00',
    lunchEnd: '11:30',
    breakDurationMins: 15,
    workingDays: [1, 2, 3, 4, 5, 6],
  },
  {
    name: 'Evening shift',
    workStart: '14:00',
    workEnd: '22:00',
    lunchStart: '18:00',
    lunchEnd: '18:30',
    breakDurationMins: 15,
    workingDays: [2, 3, 4, 5, 6],
  },
  {
    name: 'Night shift',
    workStart: '22:00',
    workEnd: '06:00',
    lunchStart: '02:00',
    lunchEnd: '02:30',
    breakDurationMins: 20,
    workingDays: [0, 1, 2, 3, 4],
  },
];

const FIRST_NAMES = (
  'Avery Blake Camille Dev Elena Farid Grace Hugo Ines Jonah Keiko Liam Maya Noah Olivia ' +
  'Priya Quinn Rosa Samir Tess Uma Victor Wen Xavier Yara Zoe'
).split(' ');
const LAST_NAMES = (
  'Abbott Bouchard Chen Diallo Evans Fournier Gagnon Haddad Ibrahim Jensen Kowalski Lavoie ' +
  'Martin Nguyen Okafor Patel Roy Singh Tremblay Wong'
).split(' ');

async function insertInBatches<T>(
  rows: T[],
  insert: (batch: T[]) => Promise<unknown>,
  size = ROW_BATCH,
): Promise<void> {
  for (let index = 0; index < rows.length; index += size) {
    await insert(rows.slice(index, index + size));
  }
}

const PUNCH_COLUMNS = [
  'id',
  'user_id',
  'event_type',
  'occurred_at',
  'date',
  'shift_date',
  'source',
] as const;

const statements = new Map<string, string>();

/** `insert into table (columns) values ($1, …), (…)` for `rows` rows, built once per shape. */
function insertStatement(table: string, columns: readonly string[], rows: number): string {
  const key = `${table}:${rows}`;
  let text = statements.get(key);
  if (!text) {
    const tuples = Array.from(
      { length: rows },
      (_, row) =>
        `(${columns.map((_, column) => `$${row * columns.length + column + 1}`).join(', ')})`,
    );
    text = `insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')}`;
    statements.set(key, text);
  }
  return text;
}

/**
 * A parameterised statement on the driver's own client (node-postgres pool or PGlite): both
 * take (text, params). Drizzle's insert builder spends ~30 µs a row building a 5,000-row
 * statement — more than the database takes to insert it — so the punches bypass it.
 */
function rawQuery(db: Db, text: string, params: unknown[]): Promise<unknown> {
  const client = (
    db as unknown as { $client: { query(text: string, params: unknown[]): Promise<unknown> } }
  ).$client;
  return client.query(text, params);
}

async function countDayMetrics(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(dayMetrics);
  return row?.count ?? 0;
}

export async function seedReportData(
  database: Database,
  size: SeedSize,
  timeZone: string,
  log: (line: string) => void,
): Promise<SeededData> {
  const { db } = database;
  const phases: SeedPhase[] = [];
  const phase = async <T>(name: string, run: () => Promise<T>, rowsOf: (result: T) => number) => {
    const started = performance.now();
    const result = await run();
    const ms = performance.now() - started;
    const rows = rowsOf(result);
    phases.push({ phase: name, ms, rows });
    log(`  ${name}: ${rows.toLocaleString('en')} rows in ${seconds(ms)} s`);
    return result;
  };
  const random = createRandom(20260707);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

  const lastDay = shiftDate(toBusinessDate(new Date(), timeZone), -1);
  const firstDay = shiftDate(lastDay, -(size.days - 1));
  const dates = datesFrom(firstDay, size.days);
  const teamCount = Math.max(1, Math.min(10, Math.round(size.users / 100)));

  // People: user 0 is the admin, the first member of each team leads it, everyone punches.
  const people = await phase(
    'people (users, profiles, roles, teams)',
    async () => {
      const passwordHash = await hashPassword('Bench-pass-1');
      const userIds = Array.from({ length: size.users }, () => randomUUID());
      const teamIds = Array.from({ length: teamCount }, () => randomUUID());
      const teamOf = (index: number) => teamIds[index % teamCount] ?? null;
      const isLead = (index: number) => index > 0 && index <= teamCount;
      await insertInBatches(
        userIds.map((id, index) => ({ id, email: `bench-${index}@bench.test`, passwordHash })),
        (batch) => db.insert(users).values(batch),
      );
      await db.insert(teams).values(
        teamIds.map((id, index) => ({
          id,
          name: `Team ${String(index + 1).padStart(2, '0')}`,
          // Led by whichever of users 1..teamCount `teamOf` places in it.
          leadUserId: userIds.find((_, user) => isLead(user) && teamOf(user) === id) ?? null,
        })),
      );
      await insertInBatches(
        userIds.map((id, index) => ({
          id,
          fullName: `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`,
          teamId: index === 0 ? null : teamOf(index),
        })),
        (batch) => db.insert(profiles).values(batch),
      );
      await insertInBatches(
        userIds.map((userId, index) => ({
          userId,
          role:
            index === 0
              ? ('admin' as const)
              : isLead(index)
                ? ('team_lead' as const)
                : ('employee' as const),
        })),
        (batch) => db.insert(userRoles).values(batch),
      );
      return { userIds, teamIds };
    },
    (result) => result.userIds.length * 3 + result.teamIds.length,
  );
  const { userIds, teamIds } = people;

  // Templates through the service (validated and audited, as an admin would make them); each
  // team works one template, a quarter of the people switch template part-way through.
  type Assignment = {
    userId: string;
    template: Awaited<ReturnType<typeof createTemplate>>;
    dateRangeStart: string;
    dateRangeEnd: string;
  };
  const assignments = await phase(
    'templates and assignments',
    async () => {
      const templates: Assignment['template'][] = [];
      for (const template of TEMPLATES) {
        templates.push(await createTemplate(db, template, { actorId: null, meta: SYSTEM_META }));
      }
      const list: Assignment[] = [];
      userIds.forEach((userId, index) => {
        const base = templates[(index % teamCount) % templates.length];
        if (!base) return;
        if (size.days > 2 && random() < 0.25) {
          const other = pick(templates.filter((template) => template !== base));
          const switchOn = dates[1 + Math.floor(random() * (size.days - 2))] ?? lastDay;
          list.push(
            {
              userId,
              template: base,
              dateRangeStart: firstDay,
              dateRangeEnd: shiftDate(switchOn, -1),
            },
            { userId, template: other ?? base, dateRangeStart: switchOn, dateRangeEnd: lastDay },
          );
        } else {
          list.push({ userId, template: base, dateRangeStart: firstDay, dateRangeEnd: lastDay });
        }
      });
      await insertInBatches(list, (batch) =>
        db.insert(assignedSchedules).values(
          batch.map(({ userId, template, dateRangeStart, dateRangeEnd }) => ({
            userId,
            templateId: template.id,
            dateRangeStart,
            dateRangeEnd,
          })),
        ),
      );
      return list;
    },
    (list) => list.length,
  );

  // Punches, generated a person at a time and sent 5,000 per multi-row INSERT. One insert is in
  // flight while the next batch is generated (on PostgreSQL the two overlap; PGlite shares our
  // thread).
  const punches = await phase(
    'punches (time_events)',
    async () => {
      const byUser = new Map<string, Assignment[]>();
      for (const assignment of assignments) {
        byUser.set(assignment.userId, [...(byUser.get(assignment.userId) ?? []), assignment]);
      }
      let params: unknown[] = [];
      let inFlight: Promise<unknown> = Promise.resolve();
      let total = 0;
      let nextLog = Date.now() + 15_000;
      const flush = async () => {
        await inFlight;
        const rows = params.length / PUNCH_COLUMNS.length;
        if (rows === 0) return;
        inFlight = rawQuery(db, insertStatement('time_events', PUNCH_COLUMNS, rows), params);
        params = [];
        total += rows;
        if (Date.now() > nextLog) {
          nextLog = Date.now() + 15_000;
          log(`    … ${total.toLocaleString('en')} punches`);
        }
      };
      for (const userId of userIds) {
        const mine = byUser.get(userId) ?? [];
        for (const date of dates) {
          const assignment = mine.find((candidate) => isDateInRange(date, candidate));
          if (!assignment) continue;
          for (const punch of generateShiftPunches(assignment.template, date, timeZone, random)) {
            params.push(
              punch.id,
              userId,
              punch.eventType,
              punch.occurredAt.toISOString(),
              punch.date,
              punch.shiftDate,
              punch.source,
            );
            if (params.length >= PUNCH_BATCH * PUNCH_COLUMNS.length) await flush();
          }
        }
      }
      await flush();
      await inFlight;
      return total;
    },
    (total) => total,
  );

  const metrics = await phase(
    'day metrics (recomputeDays)',
    async () => {
      let nextLog = Date.now() + 15_000;
      const total = userIds.length * size.days;
      await recomputeDays(db, timeZone, userIds, firstDay, lastDay, {
        onProgress: async (done) => {
          if (Date.now() > nextLog) {
            nextLog = Date.now() + 15_000;
            log(`    … ${Math.round((done / total) * 100)}% of person-days`);
          }
        },
      });
      return countDayMetrics(db);
    },
    (count) => count,
  );

  // What autovacuum would do on PostgreSQL (PGlite runs none): planner statistics, visibility map.
  await phase(
    'vacuum analyze',
    () => db.execute(sql`vacuum analyze`),
    () => 0,
  );

  return {
    adminId: userIds[0] ?? '',
    userIds,
    teamIds,
    firstDay,
    lastDay,
    punches,
    dayMetrics: metrics,
    phases,
  };
}
