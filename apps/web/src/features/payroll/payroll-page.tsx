import { Trans, useLingui } from '@lingui/react/macro';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import {
  currentLocale,
  formatBusinessDateLong,
  formatNumber,
} from '@punchclock/shared/i18n/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PeriodStepper } from '@/components/ui/period-stepper';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { QueryState } from '@/components/ui/query-state';
import { Select } from '@/components/ui/select';
import { exportUrl, presetsQueryOptions, previewQueryOptions } from './api';
import { HolidaysSection } from './holidays-section';
import { LeaveCodesSection } from './leave-codes-section';
import { PresetEditor } from './preset-editor';
import { RatesSection } from './rates-section';

type Cells = { key: string; cells: string[] };

/** Cents as dollars: "$1234.50" in English as before, the reader's own form elsewhere. */
function money(cents: number): string {
  const dollars = cents / 100;
  if (currentLocale() === 'en') return `$${dollars.toFixed(2)}`;
  return formatNumber(dollars, { style: 'currency', currency: 'CAD' });
}

/** /payroll: the pay period's export (after the lock), its presets, pay rates and holidays. */
export default function PayrollPage() {
  const { t } = useLingui();
  const [date, setDate] = useState(() => format(new Date(), 'yyyy-MM-dd'));
  const [presetId, setPresetId] = useState('');
  const preview = useQuery(previewQueryOptions(date, presetId));
  const presets = useQuery(presetsQueryOptions);
  const period = preview.data?.period;
  const periodLabel = (period: { start: string; end: string }) => {
    const start = formatBusinessDateLong(period.start);
    const end = formatBusinessDateLong(period.end);
    return t`${start} to ${end}`;
  };

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6">
      <div>
        <h1 className="text-2xl font-bold">
          <Trans>Payroll</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>
            Hours per person and pay code for a pay period, exported once the period is locked.
          </Trans>
        </p>
      </div>
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle>
              <Trans>Payroll export</Trans>
            </CardTitle>
            <CardDescription aria-live="polite" data-testid="payroll-period">
              {period ? periodLabel(period) : t`Loading…`}{' '}
              {preview.data &&
                (preview.data.isLocked ? (
                  <Badge variant="success">
                    <Trans>Locked</Trans>
                  </Badge>
                ) : (
                  <Badge variant="warning">
                    <Trans>Not locked — preview only</Trans>
                  </Badge>
                ))}
            </CardDescription>
          </div>
          <div className="flex gap-2">
            <PeriodStepper period={period} onDate={setDate} />
          </div>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="flex flex-wrap items-end gap-3">
            <Field id="payroll-preset" label={t`Column preset`}>
              <Select value={presetId} onChange={(event) => setPresetId(event.target.value)}>
                <option value="">{t`Default columns`}</option>
                {presets.data?.presets.map((preset) => (
                  <option key={preset.id} value={preset.id}>
                    {preset.name}
                  </option>
                ))}
              </Select>
            </Field>
            {preview.data?.isLocked ? (
              <>
                <Button asChild>
                  <a href={exportUrl(date, 'csv', presetId)} download data-testid="download-csv">
                    <Download aria-hidden /> <Trans>Download CSV</Trans>
                  </a>
                </Button>
                <Button asChild variant="outline">
                  <a href={exportUrl(date, 'xlsx', presetId)} download>
                    <Download aria-hidden /> <Trans>Download XLSX</Trans>
                  </a>
                </Button>
              </>
            ) : (
              <>
                <Button disabled aria-describedby="payroll-lock-hint">
                  <Download aria-hidden /> <Trans>Download CSV</Trans>
                </Button>
                <Button variant="outline" disabled aria-describedby="payroll-lock-hint">
                  <Download aria-hidden /> <Trans>Download XLSX</Trans>
                </Button>
              </>
            )}
          </div>
          {preview.data && !preview.data.isLocked && (
            <p id="payroll-lock-hint" className="text-sm text-muted-foreground">
              <Trans>
                The final export waits until the period is locked (Timesheets → Approve and lock
                period): until then its figures can still change. The table below is a preview.
              </Trans>
            </p>
          )}
          <QueryState query={preview}>
            {(data) => {
              const columns: DataColumn<Cells>[] = data.headers.map((header, index) => ({
                id: `c${index}`,
                header,
                isRowHeader: index === 0,
                cell: (row) => row.cells[index] ?? '',
              }));
              const rows = data.cells.map((cells, index) => ({ key: String(index), cells }));
              const rowCount = data.rows.length;
              const minutes = data.totals.minutes;
              const amount =
                data.totals.amountCents !== null ? money(data.totals.amountCents) : null;
              return (
                <>
                  {/* The file as the payroll system will read it: its headers and codes are data. */}
                  <div translate="no">
                    <DataTable
                      label={t`Payroll rows`}
                      columns={columns}
                      rows={rows}
                      rowKey={(row) => row.key}
                      rowTestId="payroll-row"
                      emptyMessage={t`Nobody has paid time in this period.`}
                    />
                  </div>
                  <p className="text-sm tabular-nums" data-testid="payroll-totals">
                    {amount !== null ? (
                      <Trans>
                        {rowCount} rows · {minutes} minutes · {amount}
                      </Trans>
                    ) : (
                      <Trans>
                        {rowCount} rows · {minutes} minutes
                      </Trans>
                    )}
                  </p>
                </>
              );
            }}
          </QueryState>
        </CardContent>
      </Card>
      <PresetEditor />
      <RatesSection />
      <HolidaysSection />
      <LeaveCodesSection />
    </div>
  );
}
