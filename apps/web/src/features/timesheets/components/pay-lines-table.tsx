import { Trans, useLingui } from '@lingui/react/macro';
import type { Timesheet, TimesheetPayLine } from '@punchclock/shared/contracts/timesheets';
import { decimalHours } from '@punchclock/shared/domain/pay/pay-codes';
import { currentLocale, formatNumber } from '@punchclock/shared/i18n/format';
import { DataTable, type DataColumn } from '@/components/ui/data-table';

/**
 * Cents as dollars: "$23.50" in English as before, the reader's own form elsewhere. A paid rate
 * may hold a half cent ($20.01 × 1.5): it keeps its third decimal ("$30.015").
 */
const money = (cents: number | null) => {
  if (cents === null) return '—';
  const digits = Number.isInteger(cents) ? 2 : 3;
  if (currentLocale() === 'en') return `$${(cents / 100).toFixed(digits)}`;
  return formatNumber(cents / 100, {
    style: 'currency',
    currency: 'CAD',
    minimumFractionDigits: 2,
    maximumFractionDigits: digits,
  });
};

/** Minutes as decimal hours with two places ("7.50"; "7,50" in French). */
const hours = (minutes: number) => {
  if (currentLocale() === 'en') return decimalHours(minutes);
  return formatNumber(Math.round((minutes * 100) / 60) / 100, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
};

/** The period by pay code (REG, OT1.5, HOL, VAC…), with amounts when a rate is known. */
export function PayLinesTable({
  lines,
  vacationPay,
}: {
  lines: readonly TimesheetPayLine[];
  vacationPay: Timesheet['vacationPay'];
}) {
  const { t } = useLingui();
  if (lines.length === 0) return null;
  const columns: DataColumn<TimesheetPayLine>[] = [
    { id: 'code', header: t`Pay code`, isRowHeader: true, cell: (line) => line.code },
    {
      id: 'hours',
      header: t`Hours`,
      className: 'tabular-nums',
      cell: (line) => hours(line.minutes),
    },
    {
      id: 'rate',
      header: t`Rate`,
      className: 'tabular-nums',
      // The rate the amount was paid at (an OT1.5 hour at 1.5× the base rate), so hours × rate =
      // amount on every line.
      cell: (line) => money(line.paidRateCents),
    },
    {
      id: 'amount',
      header: t`Amount`,
      className: 'tabular-nums',
      cell: (line) => money(line.amountCents),
    },
  ];
  const priced = lines.some((line) => line.amountCents !== null);
  const total = lines.reduce((sum, line) => sum + (line.amountCents ?? 0), 0);
  const gross = money(total);
  return (
    <section aria-labelledby="timesheet-pay-codes" className="grid gap-2">
      <h3 id="timesheet-pay-codes" className="text-sm font-semibold">
        <Trans>By pay code</Trans>
      </h3>
      <DataTable
        label={t`Hours by pay code`}
        columns={
          priced
            ? columns
            : columns.filter((column) => column.id === 'code' || column.id === 'hours')
        }
        rows={lines}
        rowKey={(line) => `${line.code}|${line.rateCents ?? ''}`}
        rowTestId="timesheet-pay-line"
        emptyMessage={t`No paid time in this period.`}
      />
      {priced && (
        <p className="text-sm tabular-nums" data-testid="timesheet-gross">
          <Trans>Gross: {gross}</Trans>
        </p>
      )}
      {vacationPay && <VacationPay vacationPay={vacationPay} />}
    </section>
  );
}

/** Vacation pay earned on the period's wages. */
function VacationPay({ vacationPay }: { vacationPay: NonNullable<Timesheet['vacationPay']> }) {
  const earned = money(vacationPay.amountCents);
  const percent = formatNumber(vacationPay.percent, { useGrouping: false });
  const wages = money(vacationPay.wagesCents);
  return (
    <p className="text-sm tabular-nums text-muted-foreground" data-testid="timesheet-vacation-pay">
      <Trans>
        Vacation pay earned: {earned} ({percent} % of {wages} in wages)
      </Trans>
    </p>
  );
}
