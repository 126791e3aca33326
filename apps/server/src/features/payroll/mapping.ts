// The export's column mapping: rows → headers and cells, by a preset (or the default columns).
import {
  DEFAULT_PRESET_COLUMNS,
  type ExportColumnKey,
  type PayrollRow,
  type Preset,
} from '@punchclock/shared/contracts/payroll';
import type { DateRange } from '@punchclock/shared/domain/pay/pay-periods';

export type Cell = string | number;

const dollars = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));

function cellOf(
  key: ExportColumnKey,
  row: PayrollRow,
  period: DateRange,
  renames: Preset['codeRenames'],
  typed: boolean,
): Cell {
  switch (key) {
    case 'employeeNumber':
      return row.employeeNumber ?? '';
    case 'name':
      return row.name;
    case 'payCode':
      return renames[row.payCode] ?? row.payCode;
    case 'hours':
      return typed ? Number(row.hours) : row.hours;
    case 'minutes':
      return typed ? row.minutes : String(row.minutes);
    case 'rate':
      return typed && row.rateCents !== null ? row.rateCents / 100 : dollars(row.rateCents);
    case 'amount':
      return typed && row.amountCents !== null ? row.amountCents / 100 : dollars(row.amountCents);
    case 'periodStart':
      return period.start;
    case 'periodEnd':
      return period.end;
  }
}

/**
 * Headers and one array of cells per row. `typed` keeps numbers as numbers (for a workbook);
 * otherwise every cell is text as a CSV carries it (hours "7.50", amounts "150.00").
 */
export function mapRows(
  rows: readonly PayrollRow[],
  period: DateRange,
  preset: Pick<Preset, 'columns' | 'codeRenames'> | null,
  typed = false,
): { headers: string[]; cells: Cell[][] } {
  const columns = preset?.columns ?? DEFAULT_PRESET_COLUMNS;
  const renames = preset?.codeRenames ?? {};
  return {
    headers: columns.map((column) => column.header),
    cells: rows.map((row) =>
      columns.map((column) => cellOf(column.key, row, period, renames, typed)),
    ),
  };
}
