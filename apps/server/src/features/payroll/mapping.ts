// The export's column mapping: rows → headers and cells, by a preset (or the default columns).
import {
  DEFAULT_PRESET_COLUMNS,
  type ExportColumnKey,
  type PayrollRow,
  type Preset,
} from '@punchclock/shared/contracts/payroll';
import type { DateRange } from '@punchclock/shared/domain/pay/pay-periods';

export type Cell = string | number;

/** Cents as dollars to the cent ("45.00"); a half cent keeps its third decimal ("30.015"). */
const dollars = (cents: number | null) => {
  if (cents === null) return '';
  return Number.isInteger(cents) ? (cents / 100).toFixed(2) : (cents / 100).toFixed(3);
};

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
      // The rate the amount was paid at, so hours × rate = amount (decision 0038).
      return typed && row.paidRateCents !== null
        ? row.paidRateCents / 100
        : dollars(row.paidRateCents);
    case 'baseRate':
      return typed && row.rateCents !== null ? row.rateCents / 100 : dollars(row.rateCents);
    case 'multiplier':
      return typed ? row.multiplier : String(row.multiplier);
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
