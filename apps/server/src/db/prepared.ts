import { PGlite } from '@electric-sql/pglite';
import type { Query, SQL } from 'drizzle-orm';
import { fillPlaceholders, is, Placeholder, sql } from 'drizzle-orm';
import { PgDialect, type PgSession } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

const dialect = new PgDialect();

/** A named value of a prepared statement, filled in at each execution. */
export const param = (name: string): Placeholder => sql.placeholder(name);

/**
 * A statement for the hot paths (a punch, the session check on every request): its text is
 * built once, and the database parses and plans it once per connection. Building drizzle SQL and
 * planning it each time cost more than running it (docs/benchmarks.md, "Clock events").
 *
 * `build` writes the statement with `param(name)` where values go; `run(db, values)` executes it
 * on a database or a transaction and returns the rows as the driver gives them (select
 * timestamps and dates as text).
 *
 * - PostgreSQL: a named prepared statement of node-postgres, as drizzle's own `.prepare()`.
 * - PGlite: its driver has no named statements, so the statement is PREPAREd on the instance
 *   once and run with EXECUTE, the values written as literals (pgLiteral). A transaction's
 *   client does not say which instance it belongs to, so inside one the statement runs plain.
 */
export function preparedStatement<Row, Values extends Record<string, unknown>>(
  name: string,
  build: () => SQL,
): (db: Db, values: Values) => Promise<Row[]> {
  let query: Query | undefined;
  builders.set(name, build);
  return async (db, values) => {
    query ??= dialect.sqlToQuery(build());
    // drizzle keeps the session (pool, client or transaction) on `_`; prepareQuery is how its
    // own query builders run a named statement.
    const session = (db as unknown as { _: { session: PgSession & { client?: unknown } } })._
      .session;
    if (session.client instanceof PGlite) {
      return runOnPglite<Row>(session.client, name, query, values);
    }
    const result = (await session.prepareQuery(query, undefined, name, false).execute(values)) as {
      rows: Row[];
    };
    return result.rows;
  };
}

const builders = new Map<string, () => SQL>();

/**
 * The text of a prepared statement as the database receives it (`$1`, `$2`, …) and what each
 * number stands for, in order: a named value, or a value fixed when the statement was written.
 * For the benchmark that runs a punch's own statements through pgbench (bench/pgbench-punch.ts);
 * the statement's module must have been loaded.
 */
export function describePreparedStatement(name: string): {
  text: string;
  params: ({ name: string } | { value: unknown })[];
} {
  const build = builders.get(name);
  if (!build) throw new Error(`no prepared statement named ${name} has been defined`);
  const query = dialect.sqlToQuery(build());
  const params = query.params.map((value) =>
    is(value, Placeholder) ? { name: value.name } : { value },
  );
  return { text: query.sql, params };
}

const preparedOnPglite = new WeakMap<PGlite, Map<string, Promise<boolean>>>();

async function runOnPglite<Row>(
  client: PGlite,
  name: string,
  query: Query,
  values: Record<string, unknown>,
): Promise<Row[]> {
  const params = fillPlaceholders(query.params, values);
  let prepared = preparedOnPglite.get(client);
  if (!prepared) preparedOnPglite.set(client, (prepared = new Map()));
  let isPrepared = prepared.get(name);
  if (!isPrepared) {
    // Should PREPARE fail, the statement still runs, unprepared.
    isPrepared = client.exec(`prepare ${name} as ${query.sql}`).then(
      () => true,
      () => false,
    );
    prepared.set(name, isPrepared);
  }
  if (await isPrepared) {
    const result = await client.query<Row>(`execute ${name}(${params.map(pgLiteral).join(', ')})`);
    return result.rows;
  }
  return (await client.query<Row>(query.sql, params)).rows;
}

/**
 * A value as a SQL literal for EXECUTE's arguments (PGlite cannot bind them): text quoted with
 * quotes doubled (standard_conforming_strings is on, so backslashes are plain), arrays of text
 * as array literals, numbers only when finite. The statement's casts give each its type.
 */
export function pgLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  if (value instanceof Date) return pgLiteral(value.toISOString());
  if (Array.isArray(value)) {
    const elements = value.map((element) => {
      if (element === null) return 'NULL';
      if (typeof element !== 'string') throw new TypeError('only arrays of text are supported');
      return `"${element.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
    });
    return pgLiteral(`{${elements.join(',')}}`);
  }
  throw new TypeError(`no literal for ${typeof value}`);
}
