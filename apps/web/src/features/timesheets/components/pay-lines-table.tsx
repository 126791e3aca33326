import type { Timesheet, TimesheetPayLine } from '@punchclock/shared/contracts/timesheets';
import { decimalHours } from '@punchclock/shared/domain/pay/pay-codes';
import { DataTable, type DataColumn } from '@/components/ui/data-table';

const money = (cents: number | null) => (cents === null ? '—' : `$${(cents / 100).toFixed(2)}`);

const columns: DataColumn<TimesheetPayLine>[] = [
  { id: 'code', header: 'Pay code', isRowHeader: true, cell: (line) => line.code },
  {
    id: 'hours',
    header: 'Hours',
    className: 'tabular-nums',
    cell: (line) => decimalHours(line.minutes),
  },
  { id: 'rate', header: 'Rate', className: 'tabular-nums', cell: (line) => money(line.rateCents) },
  {
    id: 'amount',
    header: 'Amount',
    className: 'tabular-nums',
    cell: (line) => money(line.amountCents),
  },
];

/** The period by pay code (REG, OT1.5, HOL, VAC…), with amounts when a rate is known. */
export function PayLinesTable({
  lines,
  vacationPay,
}: {
  lines: readonly TimesheetPayLine[];
  vacationPay: Timesheet['vacationPay'];
}) {
  if (lines.length === 0) return null;
  const priced = lines.some((line) => line.amountCents !== null);
  const total = lines.reduce((sum, line) => sum + (line.amountCents ?? 0), 0);
  return (
    <section aria-labelledby="timesheet-pay-codes" className="grid gap-2">
      <h3 id="timesheet-pay-codes" className="text-sm font-semibold">
        By pay code
      </h3>
      <DataTable
        label="Hours by pay code"
        columns={
          priced
            ? columns
            : columns.filter((column) => column.id === 'code' || column.id === 'hours')
        }
        rows={lines}
        rowKey={(line) => `${line.code}|${line.rateCents ?? ''}`}
        rowTestId="timesheet-pay-line"
        emptyMessage="No paid time in this period."
      />
      {priced && (
        <p className="text-sm tabular-nums" data-testid="timesheet-gross">
          Gross: {money(total)}
        </p>
      )}
      {vacationPay && (
        <p
          className="text-sm tabular-nums text-muted-foreground"
          data-testid="timesheet-vacation-pay"
        >
          Vacation pay earned: {money(vacationPay.amountCents)} ({vacationPay.percent} % of{' '}
          {money(vacationPay.wagesCents)} in wages)
        </p>
      )}
    </section>
  );
}
