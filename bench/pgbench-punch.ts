/**
 * The punch's own database work through pgbench: the baseline that separates what HTTP and Node
 * cost from what the database does for a punch (issue #32 item 4).
 *
 * One pgbench transaction is one person's clock-in and clock-out, made of the statements the
 * server sends for them, with the server's own SQL text (db/prepared.ts builds it, and
 * `describePreparedStatement` hands it over), as prepared statements (`--protocol=prepared`,
 * as node-postgres runs them), on the same seeded database as the route's run:
 *
 * - clock-in: the session check, the team's location policy, the punch's read, its guarded
 *   write, and the schedule lookup for the early clock-in hint;
 * - clock-out: the session check, the location policy, the read, the write.
 *
 * Each client is a different person each transaction (a fresh person, as the route's people are),
 * found by one extra lookup (`bench_pgbench_people`: the session id, fresh event ids) — the one
 * statement that is not the server's: pgbench cannot make a uuid or look a session up without
 * asking the database. The values are those the server sends for such a punch (the write's
 * built by `punchWriteParams`), except that the JSON texts (audit row, live message) are the same
 * for everyone, and values the server sends as NULL are written as NULL in the text, as pgbench
 * cannot bind a NULL.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { shiftDate } from '@punchclock/shared/domain/business-time';
import { describePreparedStatement } from '../apps/server/src/db/prepared.ts';
// The modules that define the punch's statements.
import '../apps/server/src/platform/sessions.ts';
import '../apps/server/src/features/locations/policy-repository.ts';
import '../apps/server/src/features/schedules/repository.ts';
import { punchWriteParams } from '../apps/server/src/features/time-tracking/repository.ts';

const execFileAsync = promisify(execFile);

/** The table of the people pgbench punches as: n (1…), their id and their session's id. */
export const PGBENCH_PEOPLE_TABLE = 'bench_pgbench_people';

export interface PgbenchPunchResult {
  /** Punches a second: two per transaction. */
  punchesPerSecond: number;
  transactions: number;
  /** Punches recorded in time_events by the run's people, and how many there should be. */
  written: number;
  expected: number;
}

/** Stand-ins while building the values; each becomes a pgbench variable. */
const PERSON = '00000000-0000-4000-8000-0000000000aa';
const CLOCK_IN = '00000000-0000-4000-8000-0000000000bb';
const CLOCK_OUT = '00000000-0000-4000-8000-0000000000cc';

class Script {
  readonly defines = new Map<string, string>();
  readonly lines: string[] = [];

  /** A constant value: a variable given with -D (pgbench binds it as text), or NULL. */
  private constant(value: unknown): string {
    if (value === null || value === undefined) return 'NULL';
    const text = Array.isArray(value)
      ? `{${value.map((element) => `"${String(element)}"`).join(',')}}`
      : String(value);
    const existing = [...this.defines].find(([, defined]) => defined === text);
    if (existing) return `:${existing[0]}`;
    const name = `k${this.defines.size}`;
    this.defines.set(name, text);
    return `:${name}`;
  }

  /**
   * The server's statement `name`, each `$n` replaced by a pgbench variable (`variables`: the
   * value's stand-in → variable), a constant, or NULL; `\gset` keeps the row's columns.
   */
  statement(
    name: string,
    values: Record<string, unknown>,
    variables: Map<unknown, string>,
    { gset = false } = {},
  ): void {
    const { text, params } = describePreparedStatement(name);
    const bound = params.map((param) => {
      const value = 'name' in param ? values[param.name] : param.value;
      if ('name' in param && !(param.name in values)) {
        throw new Error(`${name}: no value for ${param.name}`);
      }
      const key = Array.isArray(value) ? JSON.stringify(value) : value;
      return variables.get(key) ?? this.constant(value);
    });
    const replaced = text.replace(/\$(\d+)/g, (_match, index: string) => {
      const replacement = bound[Number(index) - 1];
      if (replacement === undefined) throw new Error(`${name}: no value for $${index}`);
      return replacement;
    });
    if (/\$\d/.test(replaced)) throw new Error(`${name}: a $ left in the text`);
    this.lines.push(`${replaced.trim()}${gset ? ' \\gset' : ';'}`, '');
  }
}

/** The pgbench script of one person's clock-in and clock-out, and its -D variables. */
function buildScript(today: string): Script {
  const script = new Script();
  const yesterday = shiftDate(today, -1);
  // Fresh people per client: person n = offset + 1 + client + clients × round.
  script.lines.push(
    '\\set round :round + 1',
    '\\set person :offset + 1 + :client_id + :clients * :round',
    `select session_id as "sessionId", e.in_id as "inId", e.out_id as "outId",
  '{' || e.in_id || '}' as "seenAfterIn"
from ${PGBENCH_PEOPLE_TABLE} p, (select gen_random_uuid() as in_id, gen_random_uuid() as out_id) e
where p.n = :person \\gset`,
    '',
  );
  const variables = new Map<unknown, string>([
    [PERSON, ':userId'], // from the session check's \gset, as the server learns it
    [CLOCK_IN, ':inId'],
    [CLOCK_OUT, ':outId'],
    [JSON.stringify([CLOCK_IN]), ':seenAfterIn'],
    ['<session>', ':sessionId'],
  ]);
  const sessionCheck = { sessionId: '<session>', idleMinutes: 60 };
  const writeValues = (eventType: 'clock_in' | 'clock_out', id: string, seen: string[]) => {
    const occurredAt = new Date(`${today}T14:00:00.000Z`);
    if (eventType === 'clock_out') occurredAt.setUTCHours(22);
    return punchWriteParams({
      event: {
        id,
        userId: PERSON,
        eventType,
        occurredAt,
        date: today,
        shiftDate: today,
        source: 'web',
        kioskDeviceId: null,
      },
      decidedOn: { from: yesterday, eventIds: seen },
      audit: {
        actorId: PERSON,
        action: 'time_event.record',
        entityType: 'time_event',
        entityId: id,
        after: { userId: PERSON, eventType, occurredAt: occurredAt.toISOString(), source: 'web' },
        meta: { ip: '127.0.0.1', userAgent: null },
      },
      latePunchReview: null,
      staleDays: { from: today, to: today },
      live: [
        { userId: PERSON, topic: 'time_events' },
        { role: 'admin', topic: 'team_activity' },
      ],
    });
  };
  for (const [eventType, id, seen] of [
    ['clock_in', CLOCK_IN, []],
    ['clock_out', CLOCK_OUT, [CLOCK_IN]],
  ] as const) {
    script.statement('session_active', sessionCheck, variables, { gset: true });
    script.statement('location_policy_of_person', { userId: PERSON }, variables);
    script.statement(
      'time_event_punch_context',
      { eventId: id, userId: PERSON, fromDate: yesterday },
      variables,
    );
    script.statement('time_event_punch_write', writeValues(eventType, id, [...seen]), variables);
    if (eventType === 'clock_in') {
      script.statement('assignment_plan_on', { userId: PERSON, date: today }, variables);
    }
  }
  return script;
}

/**
 * pgbench running the punch script with `clients` clients for `seconds`, as the people
 * offset+1 … offset+count of PGBENCH_PEOPLE_TABLE (each a fresh person, never one punched before).
 */
export async function pgbenchPunchRate(options: {
  pgbench: string;
  url: string;
  clients: number;
  seconds: number;
  people: { offset: number; count: number };
  today: string;
}): Promise<PgbenchPunchResult> {
  const { pgbench, url, clients, seconds, people, today } = options;
  const script = buildScript(today);
  const dir = mkdtempSync(path.join(tmpdir(), 'punchclock-pgbench-punch-'));
  const file = path.join(dir, 'punch.sql');
  writeFileSync(file, script.lines.join('\n'));
  if (process.env.BENCH_PGBENCH_KEEP_SCRIPT) {
    writeFileSync(process.env.BENCH_PGBENCH_KEEP_SCRIPT, script.lines.join('\n'));
  }
  const defines = [
    ...[...script.defines].map(([name, value]) => `--define=${name}=${value}`),
    `--define=offset=${people.offset}`,
    `--define=clients=${clients}`,
    '--define=round=-1',
  ];
  try {
    const { stdout } = await execFileAsync(
      pgbench,
      [
        '--no-vacuum',
        '--protocol=prepared',
        `--file=${file}`,
        `--client=${clients}`,
        '--jobs=2',
        `--time=${seconds}`,
        ...defines,
        url,
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    ).catch((error: { stdout?: string; stderr?: string }) => {
      throw new Error(`pgbench failed: ${error.stderr ?? ''}\n${error.stdout ?? ''}`);
    });
    const tps = /tps = ([\d.]+)/.exec(stdout)?.[1];
    const processed = /actually processed: (\d+)/.exec(stdout)?.[1];
    if (!tps || !processed) throw new Error(`could not read pgbench's output:\n${stdout}`);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ written: number }>(
        `select count(*)::int as written from time_events e
         join ${PGBENCH_PEOPLE_TABLE} p on p.user_id = e.user_id
         where p.n > $1 and p.n <= $2`,
        [people.offset, people.offset + people.count],
      );
      return {
        punchesPerSecond: 2 * Number(tps),
        transactions: Number(processed),
        written: rows[0]?.written ?? 0,
        expected: 2 * Number(processed),
      };
    } finally {
      await client.end();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
