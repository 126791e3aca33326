// The payroll export (issue #14 §8; docs/decisions/0018): one row per person per pay code with
// minutes, from each person's timesheet as the timesheet GET computes it, so totals agree.
import { formatBusinessDateLong } from '@punchclock/shared/i18n/format';
import { t } from '@lingui/core/macro';
import { stringify } from 'csv-stringify/sync';
import {
  DEFAULT_PRESET_COLUMNS,
  payrollExportQuerySchema,
  payrollQuerySchema,
  type PayrollPreview,
  type PayrollRow,
  type Preset,
} from '@punchclock/shared/contracts/payroll';
import { decimalHours } from '@punchclock/shared/domain/pay/pay-codes';
import { payPeriodContaining, type DateRange } from '@punchclock/shared/domain/pay/pay-periods';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { Conflict, parseInput } from '../../platform/errors.ts';
import { listPayrollPeopleRows } from '../pay-settings/index.ts';
import type { Actor } from '../people/index.ts';
import { findActiveLock } from '../period-locks/index.ts';
import { buildTimesheets } from '../timesheets/index.ts';
import { mapRows } from './mapping.ts';
import { findPreset } from './presets.ts';
import { newWorkbook } from '../../platform/spreadsheets.ts';

/** Every person's pay lines for the period, as export rows (codes with minutes only). */
export async function buildPayrollRows(
  db: Db,
  config: AppConfig,
  period: DateRange,
): Promise<PayrollRow[]> {
  const people = await listPayrollPeopleRows(db);
  // Everyone's timesheets at once: each kind of data read once for all (decision 0045).
  const sheets = await buildTimesheets(
    db,
    config,
    people.map((person) => person.id),
    period,
  );
  const sheetOf = new Map(sheets.map((sheet) => [sheet.person.id, sheet]));
  const rows: PayrollRow[] = [];
  for (const person of people) {
    for (const line of sheetOf.get(person.id)?.payLines ?? []) {
      if (line.minutes <= 0) continue;
      rows.push({
        userId: person.id,
        employeeNumber: person.employeeNumber ?? null,
        name: person.name,
        payCode: line.code,
        minutes: line.minutes,
        hours: decimalHours(line.minutes),
        rateCents: line.rateCents,
        multiplier: line.multiplier,
        paidRateCents: line.paidRateCents,
        amountCents: line.amountCents,
      });
    }
  }
  return rows;
}

async function prepare(db: Db, config: AppConfig, query: { date: string; presetId?: string }) {
  const period = payPeriodContaining(config.pay.calendar, query.date);
  const [preset, lock] = await Promise.all([
    query.presetId ? findPreset(db, query.presetId) : Promise.resolve(null),
    findActiveLock(db, period.start, period.end, true),
  ]);
  return { period, preset, isLocked: lock !== null };
}

function totalsOf(rows: readonly PayrollRow[]) {
  const priced = rows.filter((row) => row.amountCents !== null);
  return {
    minutes: rows.reduce((sum, row) => sum + row.minutes, 0),
    amountCents:
      priced.length === 0 ? null : priced.reduce((sum, row) => sum + (row.amountCents ?? 0), 0),
  };
}

/** The rows on screen, locked or not (a preview is not an export: no file, no audit entry). */
export async function previewPayroll(
  db: Db,
  config: AppConfig,
  rawQuery: unknown,
): Promise<PayrollPreview> {
  const query = parseInput(payrollQuerySchema, rawQuery);
  const { period, preset, isLocked } = await prepare(db, config, query);
  const rows = await buildPayrollRows(db, config, period);
  const { headers, cells } = mapRows(rows, period, preset);
  return {
    period,
    isLocked,
    rows,
    headers,
    cells: cells.map((row) => row.map(String)),
    totals: totalsOf(rows),
  };
}

async function toFile(
  format: 'csv' | 'xlsx',
  rows: readonly PayrollRow[],
  period: DateRange,
  preset: Preset | null,
) {
  const base = `payroll-${period.start}-to-${period.end}`;
  if (format === 'csv') {
    const { headers, cells } = mapRows(rows, period, preset);
    const body = stringify([headers, ...cells], { escape_formulas: true });
    return { fileName: `${base}.csv`, contentType: 'text/csv; charset=utf-8', body };
  }
  const { headers, cells } = mapRows(rows, period, preset, true);
  const workbook = await newWorkbook();
  // Named like the file's columns, for the payroll system that imports it: not translated.
  const sheet = workbook.addWorksheet('Payroll');
  sheet.addRow(headers).font = { bold: true };
  sheet.addRows(cells);
  const keys = (preset?.columns ?? DEFAULT_PRESET_COLUMNS).map((column) => column.key);
  sheet.columns.forEach((column, index) => {
    column.width = Math.max(12, (headers[index]?.length ?? 0) + 4);
    const key = keys[index];
    if (key === 'hours' || key === 'amount' || key === 'baseRate') column.numFmt = '0.00';
    // A paid rate may hold a half cent (20.01 × 1.5 = 30.015): shown, not rounded away.
    if (key === 'rate') column.numFmt = '0.00#';
  });
  return {
    fileName: `${base}.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body: Buffer.from(await workbook.xlsx.writeBuffer()),
  };
}

/**
 * The final export: refused until an active lock covers the whole period (its figures can no
 * longer change); audited with who, the period, the preset, the format and the row count.
 */
export async function exportPayroll(db: Db, config: AppConfig, rawQuery: unknown, actor: Actor) {
  const query = parseInput(payrollExportQuerySchema, rawQuery);
  const { period, preset, isLocked } = await prepare(db, config, query);
  if (!isLocked) {
    const start = formatBusinessDateLong(period.start);
    const end = formatBusinessDateLong(period.end);
    throw new Conflict(
      t`The pay period ${start} to ${end} is not locked yet. Lock it (approve the period) before the final export; the preview shows its figures meanwhile.`,
      'period_not_locked',
    );
  }
  const rows = await buildPayrollRows(db, config, period);
  const file = await toFile(query.format, rows, period, preset);
  await writeAudit(db, {
    actorId: actor.actorId,
    action: 'payroll.export',
    entityType: 'payroll_export',
    entityId: period.start,
    after: {
      periodStart: period.start,
      periodEnd: period.end,
      presetId: preset?.id ?? null,
      presetName: preset?.name ?? null,
      format: query.format,
      rowCount: rows.length,
    },
    meta: actor.meta,
  });
  return file;
}
