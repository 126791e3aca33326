// Reading an uploaded file (demand #31, people #33): CSV or XLSX into rows of cell texts.
import { t } from '@lingui/core/macro';
import { parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import { Invalid } from './errors.ts';
import { unpackedZipSize } from './zip-size.ts';

/** One row of the file: its 1-based number in the file (the header is row 1) and cell texts. */
export interface TableRow {
  row: number;
  cells: string[];
}

/** XLSX is a zip, and every zip starts "PK". */
const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b;

/** The file's rows, by its name's extension or (without one we know) its first bytes. */
export async function readTable(fileName: string, bytes: Buffer): Promise<TableRow[]> {
  const name = fileName.toLowerCase();
  if (name.endsWith('.xls')) {
    throw new Invalid(t`Save the file as .xlsx or .csv: the old .xls format cannot be read`);
  }
  if (name.endsWith('.xlsx') || (!name.endsWith('.csv') && isZip(bytes))) return readXlsx(bytes);
  return readCsv(bytes);
}

/**
 * A spreadsheet saved as CSV in a French locale is separated by semicolons (the comma being its
 * decimal mark); the header line, which has no numbers, says which separator the file uses.
 */
function delimiterOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((mark) => ({ mark, count: header.split(mark).length }));
  return counts.reduce((best, next) => (next.count > best.count ? next : best)).mark;
}

/**
 * UTF-8, else Windows-1252: Excel on Windows saves "CSV" in the system's code page, where
 * "Hélène" is not valid UTF-8. (Every byte sequence decodes as Windows-1252.)
 */
function decodeCsv(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function readCsv(bytes: Buffer): TableRow[] {
  const text = decodeCsv(bytes);
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      delimiter: delimiterOf(text.replace(/^\uFEFF/, '')),
      relax_column_count: true,
      // Empty lines are kept (and skipped later) so row numbers match the file's lines.
      skip_empty_lines: false,
      trim: true,
    });
  } catch {
    throw new Invalid(t`The file could not be read as CSV`);
  }
  return records.map((cells, index) => ({ row: index + 1, cells }));
}

/** A year of 15-minute workload is about 15 MB of sheet XML. */
const MAX_UNPACKED_MB = 40;

/** exceljs is loaded on the first import, not at start (as platform/spreadsheets.ts does). */
async function readXlsx(bytes: Buffer): Promise<TableRow[]> {
  // exceljs inflates the whole workbook into memory: refuse one that would not fit first.
  const unpacked = unpackedZipSize(bytes);
  if (unpacked === null) throw new Invalid(t`The file could not be read as an Excel workbook`);
  if (unpacked > MAX_UNPACKED_MB * 1024 * 1024) {
    throw new Invalid(
      t`The workbook unpacks to more than ${MAX_UNPACKED_MB} MB: save it as CSV, or import fewer weeks at a time`,
    );
  }
  const { default: excel } = await import('exceljs');
  const workbook = new excel.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw new Invalid(t`The file could not be read as an Excel workbook`);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Invalid(t`The workbook has no sheet`);
  const rows: TableRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell.value, cell.numFmt);
    });
    rows.push({ row: row.number, cells: Array.from(cells, (cell) => cell ?? '') });
  });
  return rows;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A cell as the text a CSV would hold. Excel keeps dates and times as wall-clock values, which
 * exceljs hands over as Dates whose UTC fields are that wall clock: a date cell becomes
 * yyyy-MM-dd, a time-only cell (day 0 is 1899-12-30) HH:mm. A whole number formatted with
 * zeros only ("00000") is shown zero-padded, as Excel shows it: 1001 is the employee number 01001.
 */
export function cellText(value: ExcelJS.CellValue, numFmt?: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && numFmt) {
    if (/^0+$/.test(numFmt)) return String(value).padStart(numFmt.length, '0');
  }
  if (value instanceof Date) {
    const date = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    const time = `${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}`;
    if (value.getUTCFullYear() < 1900) return time;
    return time === '00:00' ? date : `${date}T${time}`;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value.trim();
  if ('richText' in value)
    return value.richText
      .map((part) => part.text)
      .join('')
      .trim();
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as ExcelJS.CellFormulaValue).result;
    return result === undefined || (typeof result === 'object' && !(result instanceof Date))
      ? ''
      : cellText(result, numFmt);
  }
  if ('text' in value) return String(value.text).trim();
  return '';
}
