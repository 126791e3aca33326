import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * `insert into table (columns) select columns from <records>`: many rows as one JSON parameter
 * (json_populate_recordset over the table's own row type), for the background jobs that write
 * thousands of rows a run. drizzle's multi-row VALUES built each value as SQL in this process,
 * which took longer than the database took to insert them. `records` are keyed by column name;
 * append ON CONFLICT or RETURNING as needed.
 */
export function insertJsonRowsSql(
  table: PgTable,
  columns: readonly string[],
  records: readonly Record<string, unknown>[],
): SQL {
  const name = getTableName(table);
  const list = sql.raw(columns.map((column) => `"${column}"`).join(', '));
  return sql`
    insert into ${table} (${list})
    select ${list} from json_populate_recordset(null::${sql.identifier(name)}, ${JSON.stringify(records)}::json)`;
}
