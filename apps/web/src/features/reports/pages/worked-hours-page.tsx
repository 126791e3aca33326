import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import type { WorkedHoursRow } from '@punchclock/shared/contracts/reports';
import { formatMinutes } from '@punchclock/shared/domain/business-time';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { DataTable, minutesColumn, type DataColumn } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { QueryState } from '@/components/ui/query-state';
import { cn } from '@/lib/cn';
import {
  workedHoursExportPath,
  workedHoursQueryOptions,
  type RangeFilter,
  type WorkedHoursGrouping,
} from '../api';
import { defaultRange, ReportFilters } from '../components/report-filters';
import { useBusinessToday } from '@/lib/session';

export default function WorkedHoursPage() {
  const { t } = useLingui();
  const today = useBusinessToday();
  const [filter, setFilter] = useState<RangeFilter>(() => defaultRange(today));
  const [groupBy, setGroupBy] = useState<WorkedHoursGrouping>('week');
  const report = useQuery(workedHoursQueryOptions({ ...filter, groupBy }));
  const columns: DataColumn<WorkedHoursRow>[] = [
    { id: 'name', header: t`Name`, isRowHeader: true, cell: (row) => row.name },
    { id: 'team', header: t`Team`, cell: (row) => row.teamName ?? (row.bucket ? '—' : '') },
    {
      id: 'bucket',
      header: groupBy === 'day' ? t`Day` : groupBy === 'week' ? t`Week of` : t`From`,
      className: 'tabular-nums',
      cell: (row) => row.bucket,
    },
    { id: 'days', header: t`Days`, className: 'tabular-nums', cell: (row) => row.days },
    minutesColumn('scheduled', t`Scheduled`, (row) => row.scheduledMinutes),
    {
      id: 'worked',
      header: t`Worked`,
      className: 'tabular-nums',
      cell: (row) => {
        const unreviewed = row.unreviewedPunches;
        return (
          <>
            {formatMinutes(row.workedMinutes)}
            {unreviewed > 0 && (
              <span
                className="ml-2 text-xs font-medium text-warning-text"
                title={plural(unreviewed, {
                  one: '# punch(es) recorded late wait for review; they are counted',
                  other: '# punch(es) recorded late wait for review; they are counted',
                })}
              >
                <Trans>Unreviewed</Trans>
              </span>
            )}
          </>
        );
      },
    },
    {
      id: 'overtime',
      header: t`Overtime`,
      className: 'tabular-nums',
      cell: (row) => (
        <span className={cn(row.overtimeMinutes > 0 && 'font-semibold text-warning-text')}>
          {formatMinutes(row.overtimeMinutes)}
        </span>
      ),
    },
    minutesColumn('breaks', t`Breaks`, (row) => row.breakMinutes),
    minutesColumn('lunch', t`Lunch`, (row) => row.lunchMinutes),
  ];
  const exportHref = (format: 'csv' | 'xlsx') =>
    workedHoursExportPath({ ...filter, groupBy, format });

  return (
    <div className="mx-auto grid grid-cols-[minmax(0,1fr)] max-w-7xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">
            <Trans>Worked Hours Report</Trans>
          </h1>
          <p className="text-sm text-muted-foreground">
            <Trans>
              Paid hours (breaks paid, lunch unpaid) against the schedule; overtime is worked beyond
              scheduled.
            </Trans>
          </p>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" asChild>
            <a href={exportHref('csv')} download>
              <Download aria-hidden /> CSV
            </a>
          </Button>
          <Button variant="outline" asChild>
            <a href={exportHref('xlsx')} download>
              <Download aria-hidden /> Excel
            </a>
          </Button>
        </div>
      </div>
      <ReportFilters value={filter} today={today} onChange={setFilter}>
        <Field id="group-by" label={t`Per`}>
          <Select
            className="w-32"
            value={groupBy}
            onChange={(event) => setGroupBy(event.target.value as WorkedHoursGrouping)}
          >
            <option value="day">{t`Day`}</option>
            <option value="week">{t`Week`}</option>
            <option value="period">{t`Whole period`}</option>
          </Select>
        </Field>
      </ReportFilters>
      <Card>
        <CardContent className="pt-6">
          <QueryState query={report}>
            {(data) => (
              <DataTable
                label={t`Worked hours`}
                columns={columns}
                rows={data.rows}
                rowKey={(row) => `${row.userId}-${row.bucket}`}
                rowTestId="worked-row"
                emptyMessage={t`No hours in this range.`}
                summary={{
                  ...data.totals,
                  userId: 'total',
                  name: t`Total`,
                  teamName: null,
                  bucket: '',
                  unreviewedPunches: 0,
                }}
                tableClassName="min-w-[48rem]"
              />
            )}
          </QueryState>
        </CardContent>
      </Card>
    </div>
  );
}
