import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';

/** exceljs is loaded on the first export, not at start (see newWorkbook). */
async function loadExcel() {
  const { default: excel } = await import('exceljs');
  return excel;
}

/**
 * A new Excel workbook. exceljs is loaded on the first export, not at start: importing it costs
 * about 0.35 s, a tenth of the server's start-up, for a feature most starts never use.
 */
export async function newWorkbook(): Promise<ExcelJS.Workbook> {
  const excel = await loadExcel();
  return new excel.Workbook();
}

/**
 * An Excel workbook written to `stream` as rows are committed (exceljs's streaming writer):
 * memory holds a row at a time, not the sheet. Inline strings (no shared-string table to keep)
 * unless `sharedStrings` — the inline writer leaves an empty text cell out, the shared-string
 * table keeps it (the payroll file's empty employee numbers and rates) — styles on (a bold
 * header).
 */
export async function newStreamingWorkbook(
  stream: Writable,
  { sharedStrings = false }: { sharedStrings?: boolean } = {},
): Promise<ExcelJS.stream.xlsx.WorkbookWriter> {
  const excel = await loadExcel();
  return new excel.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: sharedStrings,
  });
}
