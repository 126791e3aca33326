import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { createUser } from '../../apps/server/src/features/users/accounts.ts';
import { setUserSuspended } from '../../apps/server/src/features/users/suspension.ts';
import { createTeam } from '../../apps/server/src/features/teams/service.ts';
import { SYSTEM_META } from '../../apps/server/src/platform/request-meta.ts';
import { shiftDate, toBusinessDate } from '@punchclock/shared/domain/business-time';
import { shiftInstants } from '@punchclock/shared/domain/schedule';
import { payPeriodContaining } from '@punchclock/shared/domain/pay/pay-periods';
import { readPayConfig } from '../../apps/server/src/config.ts';
import { eq } from 'drizzle-orm';
import { notifications, profiles, timeEvents, users } from '../../apps/server/src/db/schema.ts';
import { createRandom, datesFrom, generateShiftPunches } from '../../apps/server/src/demo-data.ts';
import { recomputeDays } from '../../apps/server/src/features/reports/recompute.ts';
import {
  assignTemplate,
  createTemplate,
} from '../../apps/server/src/features/schedules/service.ts';
import {
  E2E_PASSWORD,
  REPORTER_HISTORY_DAYS,
  SEED_USERS,
  SEEDED_NOTIFICATION_COUNT,
} from './seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Where e2e/push.e2e.test.ts listens as the browsers' push service (the server may send there). */
    pushServicePort: number;
    /** Reads GET /api/metrics: a test waits for background job runs by their count. */
    metricsToken: string;
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../..');

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function seed(dataDir: string): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const actor = { actorId: null, meta: SYSTEM_META };
    const teamIds = new Map<string, string>();
    for (const user of Object.values(SEED_USERS)) {
      const created = await createUser(database.db, { ...user, password: E2E_PASSWORD }, actor);
      if ('team' in user) {
        const leadUserId = 'leadsTeam' in user && user.leadsTeam ? created.id : null;
        let teamId = teamIds.get(user.team);
        if (!teamId) {
          teamId = (await createTeam(database.db, { name: user.team, leadUserId }, actor)).id;
          teamIds.set(user.team, teamId);
        }
        const team = { id: teamId };
        await database.db
          .update(profiles)
          .set({ teamId: team.id })
          .where(eq(profiles.id, created.id));
      }
      if ('employeeNumber' in user) {
        await database.db
          .update(profiles)
          .set({ employeeNumber: user.employeeNumber })
          .where(eq(profiles.id, created.id));
      }
      if ('suspended' in user && user.suspended) {
        await setUserSuspended(database.db, user.email, true, actor);
      }
      if (user === SEED_USERS.notified) {
        await database.db.insert(notifications).values(
          Array.from({ length: SEEDED_NOTIFICATION_COUNT }, (_, index) => ({
            userId: created.id,
            type: 'info',
            title: `Notice ${index + 1}`,
            message: `Seeded notification number ${index + 1}`,
            createdAt: new Date(Date.now() - (SEEDED_NOTIFICATION_COUNT - index) * 60_000),
          })),
        );
      }
    }
    await seedReportHistory(database.db, actor);
    // The weekday pattern the roster flow fills a week from (e2e/rosters.e2e.test.ts).
    await createTemplate(
      database.db,
      {
        name: 'E2E Weekday shift',
        workStart: '09:00',
        workEnd: '17:00',
        lunchStart: '12:00',
        lunchEnd: '12:30',
        breakDurationMins: 15,
        workingDays: [1, 2, 3, 4, 5],
      },
      actor,
    );
  } finally {
    await database.close();
  }
}

/** A schedule and generated punches for the reporter, so every report has real rows. */
async function seedReportHistory(
  db: Awaited<ReturnType<typeof openDatabase>>['db'],
  actor: { actorId: null; meta: typeof SYSTEM_META },
) {
  const timeZone = 'America/Toronto';
  const today = toBusinessDate(new Date(), timeZone);
  const from = shiftDate(today, -REPORTER_HISTORY_DAYS);
  const template = await createTemplate(
    db,
    {
      name: 'E2E Report shift',
      workStart: '09:00',
      workEnd: '17:00',
      lunchStart: '12:00',
      lunchEnd: '12:30',
      breakDurationMins: 15,
      workingDays: [0, 1, 2, 3, 4, 5, 6],
    },
    actor,
  );
  const [reporter] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, SEED_USERS.reporter.email));
  if (!reporter) throw new Error('reporter missing');
  await assignTemplate(
    db,
    {
      userIds: [reporter.id],
      templateId: template.id,
      dateRangeStart: from,
      dateRangeEnd: shiftDate(today, -1),
    },
    actor,
  );
  const random = createRandom(7);
  const punches = datesFrom(from, REPORTER_HISTORY_DAYS).flatMap((date) =>
    generateShiftPunches(template, date, timeZone, random).map((punch) => ({
      ...punch,
      userId: reporter.id,
    })),
  );
  await db.insert(timeEvents).values(punches);
  await recomputeDays(db, timeZone, [reporter.id], from, today);

  // The corrector forgot to clock out yesterday: they clocked in at 09:00 and nothing after.
  const [corrector] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, SEED_USERS.corrector.email));
  if (!corrector) throw new Error('corrector missing');
  const yesterday = shiftDate(today, -1);
  await assignTemplate(
    db,
    {
      userIds: [corrector.id],
      templateId: template.id,
      dateRangeStart: shiftDate(today, -3),
      dateRangeEnd: shiftDate(today, 14),
    },
    actor,
  );
  await db.insert(timeEvents).values({
    id: randomUUID(),
    userId: corrector.id,
    eventType: 'clock_in',
    occurredAt: shiftInstants(template, yesterday, timeZone).start,
    date: yesterday,
    shiftDate: yesterday,
    source: 'web',
  });
  await recomputeDays(db, timeZone, [corrector.id], shiftDate(today, -3), today);

  // Flo Flow worked 08:00–18:00 without a break, Monday to Friday of the first week of the
  // previous pay period: 50 hours, for the configure → submit → lock → export flow.
  const [flow] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, SEED_USERS.flow.email));
  if (!flow) throw new Error('flow missing');
  const { calendar } = readPayConfig(process.env);
  const current = payPeriodContaining(calendar, today);
  const previous = payPeriodContaining(calendar, shiftDate(current.start, -1));
  const week = datesFrom(shiftDate(previous.start, 1), 5);
  await db.insert(timeEvents).values(
    week.flatMap((date) =>
      (['clock_in', 'clock_out'] as const).map((eventType, index) => ({
        id: randomUUID(),
        userId: flow.id,
        eventType,
        occurredAt: shiftInstants(
          { ...template, workStart: '08:00', workEnd: '18:00', lunchStart: null, lunchEnd: null },
          date,
          timeZone,
        )[index === 0 ? 'start' : 'end'],
        date,
        shiftDate: date,
        source: 'web' as const,
      })),
    ),
  );
  await recomputeDays(db, timeZone, [flow.id], previous.start, previous.end);
}

async function waitForHealth(
  baseUrl: string,
  server: ChildProcess,
  output: string[],
): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited:\n${output.join('')}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not start:\n${output.join('')}`);
}

/** Seeds a temporary embedded database, starts the real server on it, tears both down after. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'punchclock-e2e-'));
  await seed(dataDir);
  const port = await findFreePort();
  const pushServicePort = await findFreePort();
  const metricsToken = randomBytes(16).toString('hex');
  const output: string[] = [];
  const server = spawn(
    process.execPath,
    ['--enable-source-maps', path.join(repoRoot, 'apps/server/dist/server.js')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        // Links in emails and the single sign-on callback name the address the browser uses.
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'warn',
        SIGNIN_IP_LIMIT: '10000',
        // The notification rules run every 2 s instead of every minute, so tests see them.
        JOB_INTERVAL_SECONDS: '2',
        // A host with its port is a test push service the server may send to over http.
        PUSH_SERVICE_HOSTS: `127.0.0.1:${pushServicePort}`,
        // The webhook test's receiver listens on this machine's loopback (decision 0040).
        WEBHOOK_ALLOW_LOOPBACK: 'true',
        METRICS_TOKEN: metricsToken,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  server.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, server, output);
  project.provide('baseUrl', baseUrl);
  project.provide('pushServicePort', pushServicePort);
  project.provide('metricsToken', metricsToken);

  // However this runner ends (an error, Ctrl-C, a failed teardown), the server goes with it: a
  // server left behind holds ~400 MB and its data folder (issue #28).
  const killServer = () => void server.kill('SIGKILL');
  process.once('exit', killServer);

  return async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      const hasExited = await Promise.race([
        exited.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000)),
      ]);
      if (!hasExited) {
        server.kill('SIGKILL');
        await exited;
      }
    }
    process.removeListener('exit', killServer);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
