import type ExcelJS from 'exceljs';

/**
 * A new Excel workbook. exceljs is loaded on the first export, not at start: importing it costs
 * about 0.35 s, a tenth of the server's start-up, for a feature most starts never use.
 */
export async function newWorkbook(): Promise<ExcelJS.Workbook> {
  const { default: excel } = await import('exceljs');
  return new excel.Workbook();
}
