import { Download } from 'lucide-react';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
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

/** /payroll: the pay period's export (after the lock), its presets, pay rates and holidays. */
export default function PayrollPage() {
  const [date, setDate] = useState(() => format(new Date(), 'yyyy-MM-dd'));
  const [presetId, setPresetId] = useState('');
  const preview = useQuery(previewQueryOptions(date, presetId));
  const presets = useQuery(presetsQueryOptions);
  const period = preview.data?.period;

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6">
      <div>
        <h1 className="text-2xl font-bold">Payroll</h1>
        <p className="text-sm text-muted-foreground">
          Hours per person and pay code for a pay period, exported once the period is locked.
        </p>
      </div>
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle>Payroll export</CardTitle>
            <CardDescription aria-live="polite" data-testid="payroll-period">
              {period ? `${period.start} to ${period.end}` : 'Loading…'}{' '}
              {preview.data &&
                (preview.data.isLocked ? (
                  <Badge variant="success">Locked</Badge>
                ) : (
                  <Badge variant="warning">Not locked — preview only</Badge>
                ))}
            </CardDescription>
          </div>
          <div className="flex gap-2">
            <PeriodStepper period={period} onDate={setDate} />
          </div>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="flex flex-wrap items-end gap-3">
            <Field id="payroll-preset" label="Column preset">
              <Select value={presetId} onChange={(event) => setPresetId(event.target.value)}>
                <option value="">Default columns</option>
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
                    <Download aria-hidden /> Download CSV
                  </a>
                </Button>
                <Button asChild variant="outline">
                  <a href={exportUrl(date, 'xlsx', presetId)} download>
                    <Download aria-hidden /> Download XLSX
                  </a>
                </Button>
              </>
            ) : (
              <>
                <Button disabled aria-describedby="payroll-lock-hint">
                  <Download aria-hidden /> Download CSV
                </Button>
                <Button variant="outline" disabled aria-describedby="payroll-lock-hint">
                  <Download aria-hidden /> Download XLSX
                </Button>
              </>
            )}
          </div>
          {preview.data && !preview.data.isLocked && (
            <p id="payroll-lock-hint" className="text-sm text-muted-foreground">
              The final export waits until the period is locked (Timesheets → Approve and lock
              period): until then its figures can still change. The table below is a preview.
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
              return (
                <>
                  <DataTable
                    label="Payroll rows"
                    columns={columns}
                    rows={rows}
                    rowKey={(row) => row.key}
                    rowTestId="payroll-row"
                    emptyMessage="Nobody has paid time in this period."
                  />
                  <p className="text-sm tabular-nums" data-testid="payroll-totals">
                    {data.rows.length} rows · {data.totals.minutes} minutes
                    {data.totals.amountCents !== null &&
                      ` · $${(data.totals.amountCents / 100).toFixed(2)}`}
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
