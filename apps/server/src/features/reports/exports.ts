// Exports: the worked-hours report as a CSV or Excel file, written as it is read.
import { t } from '@lingui/core/macro';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Db } from '../../db/client.ts';
import { drainedOrClosed } from '../../platform/back-pressure.ts';
import { newStreamingWorkbook } from '../../platform/spreadsheets.ts';
import {
  listPeopleInScopeOrder,
  listWorkedHours,
  type ReportScope,
  type WorkedHoursSqlRow,
} from './reports-repository.ts';

/** The file's columns, headed in the language of the request (the file is for a person). */
const workedHoursColumns = () =>
  [
    ['name', t`Name`],
    ['teamName', t`Team`],
    ['bucket', t`From`],
    ['days', t`Days worked`],
    ['scheduledHours', t`Scheduled hours`],
    ['workedHours', t`Worked hours`],
    ['overtimeHours', t`Overtime hours`],
    ['breakHours', t`Break hours (paid)`],
    ['lunchHours', t`Lunch hours (unpaid)`],
    ['paidLeaveHours', t`Paid time off hours`],
    ['unpaidLeaveHours', t`Unpaid time off hours`],
  ] as const;

/** People read per round: 500 × 31 days is ~15,000 rows, a few MB, whatever the head count. */
export const EXPORT_PEOPLE_PER_PAGE = 500;

const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/** A row of the file, from a row of the report (overtime as the report computes it). */
function toRecord(row: WorkedHoursSqlRow) {
  return {
    name: row.name,
    teamName: row.teamName ?? '',
    bucket: row.bucket,
    days: row.days,
    scheduledHours: hours(row.scheduledMinutes),
    workedHours: hours(row.workedMinutes),
    overtimeHours: hours(Math.max(0, row.workedMinutes - row.scheduledMinutes)),
    breakHours: hours(row.breakMinutes),
    lunchHours: hours(row.lunchMinutes),
    paidLeaveHours: hours(row.paidLeaveMinutes),
    unpaidLeaveHours: hours(row.unpaidLeaveMinutes),
  };
}

type ExportRecord = ReturnType<typeof toRecord>;

/**
 * The report's rows a page of people at a time, in the report's order (name, then id, then
 * period): the people come by keyset, then their rows. Each person's rows come from one read.
 */
async function* workedHoursPages(
  db: Db,
  scope: ReportScope,
  groupBy: 'day' | 'week' | 'period',
  peoplePerPage: number,
): AsyncGenerator<ExportRecord[]> {
  let after: { sortName: string; userId: string } | undefined;
  for (;;) {
    const people = await listPeopleInScopeOrder(db, scope, { after, limit: peoplePerPage });
    if (people.length === 0) return;
    const rows = await listWorkedHours(
      db,
      scope,
      groupBy,
      people.map((person) => person.userId),
    );
    yield rows.map(toRecord);
    if (people.length < peoplePerPage) return;
    after = people.at(-1);
  }
}

/** Wait while the reader is slower than the database; false when the reader went away. */
async function writeRespectingBackPressure(stream: Writable, chunk: unknown): Promise<boolean> {
  if (stream.destroyed) return false;
  if (!stream.write(chunk)) {
    await drainedOrClosed(stream);
  }
  return !stream.destroyed;
}

export interface WorkedHoursFile {
  fileName: string;
  contentType: string;
  /** The file as it is written. On a failure part-way it is destroyed with the error, so the
   * download is cut off (no complete-looking file); the caller's log gets the error. */
  body: Readable;
}

/**
 * The worked-hours report as a file to download, streamed: CSV (formulas escaped, the same
 * bytes as the report's rows through csv-stringify) or an Excel workbook (exceljs's streaming
 * writer). The first page is read before this returns, so a failure there is an ordinary error
 * reply, not a broken attachment.
 */
export async function exportWorkedHours(
  db: Db,
  scope: ReportScope,
  groupBy: 'day' | 'week' | 'period',
  format: 'csv' | 'xlsx',
  { peoplePerPage = EXPORT_PEOPLE_PER_PAGE, onError = (_error: unknown) => {} } = {},
): Promise<WorkedHoursFile> {
  const pages = workedHoursPages(db, scope, groupBy, peoplePerPage);
  const first = await pages.next();
  const fileName = `worked-hours-${new Date().toISOString().slice(0, 10)}.${format}`;
  const columns = workedHoursColumns();
  const rest = async function* () {
    if (first.done) return;
    yield first.value;
    yield* pages;
  };

  if (format === 'csv') {
    const csv = stringify({
      header: true,
      columns: columns.map(([key, header]) => ({ key, header })),
      escape_formulas: true,
    });
    void (async () => {
      try {
        for await (const records of rest()) {
          for (const record of records) {
            if (!(await writeRespectingBackPressure(csv, record))) return;
          }
        }
        csv.end();
      } catch (error) {
        onError(error);
        csv.destroy(error instanceof Error ? error : new Error(String(error)));
      }
    })();
    return { fileName, contentType: 'text/csv; charset=utf-8', body: csv };
  }

  const body = new PassThrough();
  const workbook = await newStreamingWorkbook(body);
  const sheet = workbook.addWorksheet(t`Worked hours`);
  sheet.columns = columns.map(([key, header]) => ({
    key,
    header,
    width: header.length + 6,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  void (async () => {
    try {
      for await (const records of rest()) {
        for (const record of records) sheet.addRow(record).commit();
        // The zip writer pushes into `body`: wait while the reader lags behind.
        if (body.writableNeedDrain) {
          await drainedOrClosed(body);
        }
        if (body.destroyed) return;
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      onError(error);
      body.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return {
    fileName,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body,
  };
}
