import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { formatMinutes } from '@punchclock/shared/domain/business-time';
import { Button } from '@/components/ui/button';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { CardSkeleton } from '@/components/ui/skeleton';
import { useBusinessToday } from '@/features/auth/use-business-today';
import { cn } from '@/lib/cn';
import { toQueryString, workedHoursQueryOptions, type RangeFilter } from '../api';
import { defaultRange, ReportFilters } from '../components/report-filters';

export default function WorkedHoursPage() {
  const today = useBusinessToday();
  const [filter, setFilter] = useState<RangeFilter>(() => defaultRange(today));
  const [groupBy, setGroupBy] = useState('week');
  const report = useQuery(workedHoursQueryOptions({ ...filter, groupBy }));
  const exportHref = (format: string) =>
    `/api/reports/worked-hours/export?${toQueryString({ ...filter, groupBy, format })}`;

  return (
    <div className="mx-auto grid grid-cols-[minmax(0,1fr)] max-w-7xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Worked Hours Report</h1>
          <p className="text-sm text-muted-foreground">
            Paid hours (breaks paid, lunch unpaid) against the schedule; overtime is worked beyond
            scheduled.
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
        <div className="grid gap-1">
          <Label htmlFor="group-by">Per</Label>
          <Select
            id="group-by"
            className="w-32"
            value={groupBy}
            onChange={(event) => setGroupBy(event.target.value)}
          >
            <option value="day">Day</option>
            <option value="week">Week</option>
            <option value="period">Whole period</option>
          </Select>
        </div>
      </ReportFilters>
      <Card>
        <CardContent className="pt-6">
          {report.isPending ? (
            <CardSkeleton />
          ) : report.isError ? (
            <p className="text-destructive">{report.error.message}</p>
          ) : report.data.rows.length === 0 ? (
            <p className="text-sm text-muted-foreground">No hours in this range.</p>
          ) : (
            <ScrollRegion label="Worked hours">
              <table className="w-full min-w-[48rem] text-sm">
                <thead className="border-b text-left text-muted-foreground">
                  <tr>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Name
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Team
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {groupBy === 'day' ? 'Day' : groupBy === 'week' ? 'Week of' : 'From'}
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Days
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Scheduled
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Worked
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Overtime
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Breaks
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      Lunch
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {report.data.rows.map((row) => (
                    <tr
                      key={`${row.userId}-${row.bucket}`}
                      className="border-b"
                      data-testid="worked-row"
                    >
                      <th scope="row" className="py-2 pr-4 text-left font-medium">
                        {row.name}
                      </th>
                      <td className="py-2 pr-4">{row.teamName ?? '—'}</td>
                      <td className="py-2 pr-4 tabular-nums">{row.bucket}</td>
                      <td className="py-2 pr-4 tabular-nums">{row.days}</td>
                      <td className="py-2 pr-4 tabular-nums">
                        {formatMinutes(row.scheduledMinutes)}
                      </td>
                      <td className="py-2 pr-4 tabular-nums">
                        {formatMinutes(row.workedMinutes)}
                        {row.unreviewedPunches > 0 && (
                          <span
                            className="ml-2 text-xs font-medium text-warning"
                            title={`${row.unreviewedPunches} punch(es) recorded late wait for review; they are counted`}
                          >
                            Unreviewed
                          </span>
                        )}
                      </td>
                      <td
                        className={cn(
                          'py-2 pr-4 tabular-nums',
                          row.overtimeMinutes > 0 && 'font-semibold text-warning',
                        )}
                      >
                        {formatMinutes(row.overtimeMinutes)}
                      </td>
                      <td className="py-2 pr-4 tabular-nums">{formatMinutes(row.breakMinutes)}</td>
                      <td className="py-2 tabular-nums">{formatMinutes(row.lunchMinutes)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot className="font-semibold">
                  <tr>
                    <th scope="row" colSpan={3} className="py-2 pr-4 text-left">
                      Total
                    </th>
                    <td className="py-2 pr-4 tabular-nums">{report.data.totals.days}</td>
                    <td className="py-2 pr-4 tabular-nums">
                      {formatMinutes(report.data.totals.scheduledMinutes)}
                    </td>
                    <td className="py-2 pr-4 tabular-nums">
                      {formatMinutes(report.data.totals.workedMinutes)}
                    </td>
                    <td className="py-2 pr-4 tabular-nums">
                      {formatMinutes(report.data.totals.overtimeMinutes)}
                    </td>
                    <td className="py-2 pr-4 tabular-nums">
                      {formatMinutes(report.data.totals.breakMinutes)}
                    </td>
                    <td className="py-2 tabular-nums">
                      {formatMinutes(report.data.totals.lunchMinutes)}
                    </td>
                  </tr>
                </tfoot>
              </table>
            </ScrollRegion>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
