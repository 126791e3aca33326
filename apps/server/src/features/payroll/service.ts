// The payroll export (issue #14 §8; docs/decisions/0018): one row per person per pay code with
// minutes, from each person's timesheet as the timesheet GET computes it, so totals agree.
import { formatBusinessDateLong } from '@punchclock/shared/i18n/format';
import { t } from '@lingui/core/macro';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import {
  DEFAULT_PRESET_COLUMNS,
  payrollExportQuerySchema,
  payrollQuerySchema,
  type PayrollPreview,
  type PayrollRow,
} from '@punchclock/shared/contracts/payroll';
import { decimalHours } from '@punchclock/shared/domain/pay/pay-codes';
import { payPeriodContaining, type DateRange } from '@punchclock/shared/domain/pay/pay-periods';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { drainedOrClosed } from '../../platform/back-pressure.ts';
import { Conflict, parseInput } from '../../platform/errors.ts';
import { listPayrollPeopleRows } from '../pay-settings/index.ts';
import type { Actor } from '../people/index.ts';
import { findActiveLock } from '../period-locks/index.ts';
import { keepFromTimesheets, TIMESHEET_PEOPLE_PER_ROUND } from '../timesheets/index.ts';
import { mapRows } from './mapping.ts';
import { findPreset } from './presets.ts';
import { newStreamingWorkbook } from '../../platform/spreadsheets.ts';

type PayrollPerson = Awaited<ReturnType<typeof listPayrollPeopleRows>>[number];

/**
 * The pay lines of `people` for the period, as export rows (codes with minutes only), in their
 * order: their timesheets computed a round of people at a time, each kind of data read once per
 * round (decision 0045).
 */
async function payrollRowsOf(
  db: Db,
  config: AppConfig,
  people: readonly PayrollPerson[],
  period: DateRange,
): Promise<PayrollRow[]> {
  const personOf = new Map(people.map((person) => [person.id, person]));
  const rowsOfPerson = await keepFromTimesheets(
    db,
    config,
    people.map((person) => person.id),
    period,
    (sheet) => {
      const person = personOf.get(sheet.person.id)!;
      return sheet.payLines
        .filter((line) => line.minutes > 0)
        .map((line): PayrollRow => ({
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
        }));
    },
  );
  return rowsOfPerson.flat();
}

/** Every person's pay lines for the period, as export rows (the preview's). */
export async function buildPayrollRows(
  db: Db,
  config: AppConfig,
  period: DateRange,
): Promise<PayrollRow[]> {
  return payrollRowsOf(db, config, await listPayrollPeopleRows(db), period);
}

/**
 * The export's rows a page of people at a time, in the preview's order: memory holds one page's
 * timesheets, not everyone's; each page reads each kind of data once (a constant number of
 * statements per page, so per `peoplePerPage` people).
 */
async function* payrollPages(
  db: Db,
  config: AppConfig,
  period: DateRange,
  peoplePerPage: number,
): AsyncGenerator<PayrollRow[]> {
  const people = await listPayrollPeopleRows(db);
  for (let start = 0; start < people.length; start += peoplePerPage) {
    yield await payrollRowsOf(db, config, people.slice(start, start + peoplePerPage), period);
  }
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

/** Wait while the reader is slower than the database; false when the reader went away. */
async function writeRespectingBackPressure(stream: Writable, chunk: unknown): Promise<boolean> {
  if (stream.destroyed) return false;
  if (!stream.write(chunk)) {
    await drainedOrClosed(stream);
  }
  return !stream.destroyed;
}

export interface PayrollFile {
  fileName: string;
  contentType: string;
  /** The file as it is written. On a failure part-way it is destroyed with the error, so the
   * download is cut off (no complete-looking file); `onError` is told. */
  body: Readable;
}

/**
 * The final export: refused until an active lock covers the whole period (its figures can no
 * longer change); audited with who, the period, the preset, the format and the row count.
 * Streamed a page of people at a time (CSV through csv-stringify, XLSX through exceljs's
 * streaming writer): the first page is computed before this returns, so a failure there is an
 * ordinary error reply. The audit row is written when the file is complete — or, with
 * `complete: false` and the rows sent so far, when the reader went away or it failed part-way.
 */
export async function exportPayroll(
  db: Db,
  config: AppConfig,
  rawQuery: unknown,
  actor: Actor,
  { peoplePerPage = TIMESHEET_PEOPLE_PER_ROUND, onError = (_error: unknown) => {} } = {},
): Promise<PayrollFile> {
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
  const pages = payrollPages(db, config, period, peoplePerPage);
  const first = await pages.next();
  const rest = async function* () {
    if (first.done) return;
    yield first.value;
    yield* pages;
  };
  let rowCount = 0;
  const audit = (complete: boolean) =>
    writeAudit(db, {
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
        rowCount,
        ...(complete ? {} : { complete: false }),
      },
      meta: actor.meta,
    });
  /** Write the pages, then the audit row; `end` ends the file, `fail` cuts it off. */
  const run = async (
    write: (rows: PayrollRow[]) => Promise<boolean>,
    end: () => Promise<void>,
    fail: (error: Error) => void,
  ) => {
    let complete = true;
    let audited = false;
    try {
      for await (const rows of rest()) {
        // The reader went away: stop reading pages.
        if (!(await write(rows))) {
          complete = false;
          break;
        }
        rowCount += rows.length;
      }
      await audit(complete);
      audited = true;
      if (complete) await end();
    } catch (error) {
      onError(error);
      fail(error instanceof Error ? error : new Error(String(error)));
      if (!audited) await audit(false).catch(onError);
    }
  };
  const base = `payroll-${period.start}-to-${period.end}`;

  if (query.format === 'csv') {
    // The same bytes as csv-stringify's sync form wrote for the whole file.
    const csv = stringify({ escape_formulas: true });
    csv.write(mapRows([], period, preset).headers);
    void run(
      async (rows) => {
        for (const cells of mapRows(rows, period, preset).cells) {
          if (!(await writeRespectingBackPressure(csv, cells))) return false;
        }
        return true;
      },
      async () => {
        csv.end();
      },
      (error) => csv.destroy(error),
    );
    return { fileName: `${base}.csv`, contentType: 'text/csv; charset=utf-8', body: csv };
  }

  const xlsx = new PassThrough();
  // Shared strings: the file keeps its empty cells as the whole-workbook writer did (the table
  // holds each distinct text once: names and codes, a few hundred KB for 10,000 people).
  const workbook = await newStreamingWorkbook(xlsx, { sharedStrings: true });
  // Named like the file's columns, for the payroll system that imports it: not translated.
  const sheet = workbook.addWorksheet('Payroll');
  const { headers } = mapRows([], period, preset, true);
  const keys = (preset?.columns ?? DEFAULT_PRESET_COLUMNS).map((column) => column.key);
  // Set before any row is written: the streaming writer writes each row as it is committed.
  sheet.columns = keys.map((key, index) => ({
    width: Math.max(12, (headers[index]?.length ?? 0) + 4),
    // A paid rate may hold a half cent (20.01 × 1.5 = 30.015): shown, not rounded away.
    style:
      key === 'hours' || key === 'amount' || key === 'baseRate'
        ? { numFmt: '0.00' }
        : key === 'rate'
          ? { numFmt: '0.00#' }
          : {},
  }));
  const headerRow = sheet.addRow(headers);
  headerRow.font = { bold: true };
  headerRow.commit();
  void run(
    async (rows) => {
      for (const cells of mapRows(rows, period, preset, true).cells) sheet.addRow(cells).commit();
      // The zip writer pushes into the body: wait while the reader lags behind.
      if (xlsx.writableNeedDrain) await drainedOrClosed(xlsx);
      return !xlsx.destroyed;
    },
    async () => {
      sheet.commit();
      await workbook.commit();
    },
    (error) => xlsx.destroy(error),
  );
  return {
    fileName: `${base}.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body: xlsx,
  };
}
