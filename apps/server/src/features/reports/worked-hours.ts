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
  const rows = (await listWorkedHours(db, scope, query.groupBy)).map((row) => ({
    ...row,
    overtimeMinutes: Math.max(0, row.workedMinutes - row.scheduledMinutes),
  }));
  type Summed = Exclude<keyof (typeof rows)[number], 'userId' | 'name' | 'teamName' | 'bucket'>;
  const sum = (key: Summed) => rows.reduce((total, row) => total + row[key], 0);
  return {
    rows,
    totals: {
      scheduledMinutes: sum('scheduledMinutes'),
      workedMinutes: sum('workedMinutes'),
      overtimeMinutes: sum('overtimeMinutes'),
      breakMinutes: sum('breakMinutes'),
      lunchMinutes: sum('lunchMinutes'),
      paidLeaveMinutes: sum('paidLeaveMinutes'),
      unpaidLeaveMinutes: sum('unpaidLeaveMinutes'),
      days: sum('days'),
    },
  };
}
