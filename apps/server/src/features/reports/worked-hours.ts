// Worked hours: scheduled, worked, overtime, breaks and leave per person and period (also exported).
import {
  workedHoursQuerySchema,
  type WorkedHoursReport,
} from '@punchclock/shared/contracts/reports';
import type { Db } from '../../db/client.ts';
import { parseInput } from '../../platform/errors.ts';
import type { Caller } from '../people/index.ts';
import { listWorkedHours } from './reports-repository.ts';
import { resolveScope } from './report-scope.ts';

export async function getWorkedHours(
  db: Db,
  viewer: Caller,
  rawQuery: unknown,
): Promise<WorkedHoursReport> {
  const query = parseInput(workedHoursQuerySchema, rawQuery);
  const scope = await resolveScope(db, viewer, query);
  // The rows go out as the driver made them (overtime computed in SQL), summed in one pass:
  // 2,000 people by day is ~60,000 rows (docs/benchmarks.md, "Reports at scale").
  const rows = await listWorkedHours(db, scope, query.groupBy);
  const totals = {
    scheduledMinutes: 0,
    workedMinutes: 0,
    overtimeMinutes: 0,
    breakMinutes: 0,
    lunchMinutes: 0,
    paidLeaveMinutes: 0,
    unpaidLeaveMinutes: 0,
    days: 0,
  };
  for (const row of rows) {
    totals.scheduledMinutes += row.scheduledMinutes;
    totals.workedMinutes += row.workedMinutes;
    totals.overtimeMinutes += row.overtimeMinutes;
    totals.breakMinutes += row.breakMinutes;
    totals.lunchMinutes += row.lunchMinutes;
    totals.paidLeaveMinutes += row.paidLeaveMinutes;
    totals.unpaidLeaveMinutes += row.unpaidLeaveMinutes;
    totals.days += row.days;
  }
  return { rows, totals };
}
