// Exports: the worked-hours report as a CSV or Excel file.
import { stringify } from 'csv-stringify';
import type { WorkedHoursReport } from '@punchclock/shared/contracts/reports';
import { newWorkbook } from '../../platform/spreadsheets.ts';

const WORKED_HOURS_COLUMNS = [
  ['name', 'Name'],
  ['teamName', 'Team'],
  ['bucket', 'From'],
  ['days', 'Days worked'],
  ['scheduledHours', 'Scheduled hours'],
  ['workedHours', 'Worked hours'],
  ['overtimeHours', 'Overtime hours'],
  ['breakHours', 'Break hours (paid)'],
  ['lunchHours', 'Lunch hours (unpaid)'],
  ['paidLeaveHours', 'Paid time off hours'],
  ['unpaidLeaveHours', 'Unpaid time off hours'],
] as const;

const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/** The worked-hours report as a file to download: CSV (formulas escaped) or an Excel workbook. */
export async function exportWorkedHours(report: WorkedHoursReport, format: 'csv' | 'xlsx') {
  const records = report.rows.map((row) => ({
    name: row.name,
    teamName: row.teamName ?? '',
    bucket: row.bucket,
    days: row.days,
    scheduledHours: hours(row.scheduledMinutes),
    workedHours: hours(row.workedMinutes),
    overtimeHours: hours(row.overtimeMinutes),
    breakHours: hours(row.breakMinutes),
    lunchHours: hours(row.lunchMinutes),
    paidLeaveHours: hours(row.paidLeaveMinutes),
    unpaidLeaveHours: hours(row.unpaidLeaveMinutes),
  }));
  const fileName = `worked-hours-${new Date().toISOString().slice(0, 10)}.${format}`;
  if (format === 'csv') {
    const body = stringify(records, {
      header: true,
      columns: WORKED_HOURS_COLUMNS.map(([key, header]) => ({ key, header })),
      escape_formulas: true,
    });
    return { fileName, contentType: 'text/csv; charset=utf-8', body };
  }
  const workbook = await newWorkbook();
  const sheet = workbook.addWorksheet('Worked hours');
  sheet.columns = WORKED_HOURS_COLUMNS.map(([key, header]) => ({
    key,
    header,
    width: header.length + 6,
  }));
  sheet.addRows(records);
  sheet.getRow(1).font = { bold: true };
  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  return {
    fileName,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body,
  };
}
