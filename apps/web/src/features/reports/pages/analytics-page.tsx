import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatMinutes } from '@punchclock/shared/domain/business-time';
import { formatDate, formatNumber } from '@punchclock/shared/i18n/format';
import { translate } from '@punchclock/shared/i18n/runtime';
import { QueryState } from '@/components/ui/query-state';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { analyticsQueryOptions, type RangeFilter } from '../api';
import { defaultRange, ReportFilters } from '../components/report-filters';
import { useBusinessToday } from '@/lib/session';

const EXCEPTION_LABELS: Record<string, MessageDescriptor> = {
  late: msg`Late`,
  early_leave: msg`Early leave`,
  overbreak: msg`Over break`,
  missed_clock_out: msg`Missed clock-out`,
  absent: msg`Absent`,
  unscheduled: msg`Unscheduled work`,
};

function exceptionLabel(type: string): string {
  const label = EXCEPTION_LABELS[type];
  return label ? translate(label) : type;
}

/** Short weekday names, Sunday first, in the reader's language ("Sun", "dim."). */
function weekdayShortNames(): string[] {
  // 4 January 2026 is a Sunday.
  return Array.from({ length: 7 }, (_, index) => formatDate(new Date(2026, 0, 4 + index), 'EEE'));
}

const axis = { stroke: 'var(--muted-foreground)', fontSize: 12 };
// Dates on the x axis as MM-DD.
const dateAxis = { dataKey: 'date', ...axis, tickFormatter: (date: string) => date.slice(5) };

/** Ticks every 25 % from 0 to 100 or, for conformance (which can pass 100 %), beyond. */
function percentTicks(values: (number | null)[]): number[] {
  const highest = Math.max(100, ...values.map((value) => value ?? 0));
  const top = Math.ceil(highest / 25) * 25;
  return Array.from({ length: top / 25 + 1 }, (_, index) => index * 25);
}

/** A titled card holding one responsive chart. */
function ChartCard({
  title,
  description,
  testId,
  children,
}: {
  title: string;
  description?: string;
  testId: string;
  children: React.ReactElement;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="h-64" data-testid={testId}>
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </CardContent>
    </Card>
  );
}

/** A chart figure in the reader's language ("95.3" / "95,3"), to the server's one decimal. */
const chartNumber = (value: number) =>
  formatNumber(value, { maximumFractionDigits: 1, useGrouping: false });
const tooltipValue = <Value,>(value: Value) =>
  typeof value === 'number' ? chartNumber(value) : value;

const tooltipStyle = {
  backgroundColor: 'var(--card)',
  border: '1px solid var(--border)',
  color: 'var(--foreground)',
};

function Heatmap({ cells }: { cells: { weekday: number; hour: number; count: number }[] }) {
  const { t } = useLingui();
  const max = Math.max(1, ...cells.map((cell) => cell.count));
  const hours = Array.from({ length: 24 }, (_, hour) => hour);
  const countAt = (weekday: number, hour: number) =>
    cells.find((cell) => cell.weekday === weekday && cell.hour === hour)?.count ?? 0;
  return (
    <ScrollRegion label={t`Late arrivals by weekday and hour of clock-in`}>
      <table
        className="border-separate border-spacing-0.5 text-[10px]"
        aria-label={t`Late arrivals by weekday and hour of clock-in`}
      >
        <thead>
          <tr>
            <th scope="col">
              <span className="sr-only">
                <Trans>Weekday</Trans>
              </span>
            </th>
            {hours.map((hour) => (
              <th key={hour} scope="col" className="w-6 font-normal text-muted-foreground">
                {hour}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weekdayShortNames().map((day, weekday) => (
            <tr key={day}>
              <th scope="row" className="pr-2 text-left font-normal text-muted-foreground">
                {day}
              </th>
              {hours.map((hour) => {
                const count = countAt(weekday, hour);
                return (
                  <td
                    key={hour}
                    className="size-6 rounded text-center"
                    style={{
                      backgroundColor: count
                        ? `color-mix(in oklab, var(--destructive) ${20 + (count / max) * 80}%, transparent)`
                        : 'var(--muted)',
                    }}
                    title={t`${day} ${hour}:00 — ${count} late`}
                  >
                    {count || ''}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

export default function AnalyticsPage() {
  const { t } = useLingui();
  const today = useBusinessToday();
  const [filter, setFilter] = useState<RangeFilter>(() => defaultRange(today));
  const analytics = useQuery(analyticsQueryOptions(filter));
  const data = analytics.data;
  const conformanceTicks = percentTicks(data?.trend.map((day) => day.conformancePct) ?? []);

  return (
    <div className="mx-auto grid grid-cols-[minmax(0,1fr)] max-w-7xl gap-6">
      <div>
        <h1 className="text-2xl font-bold">
          <Trans>Analytics</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>Trends in adherence, lateness, breaks and hours.</Trans>
        </p>
      </div>
      <ReportFilters value={filter} today={today} onChange={setFilter} />
      <QueryState
        query={analytics}
        isEmpty={(data) => data.trend.length === 0}
        empty={
          <Card>
            <CardContent className="py-10 text-center text-muted-foreground">
              <Trans>No data in this range yet.</Trans>
            </CardContent>
          </Card>
        }
      >
        {(data) => (
          <>
            <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2">
              <ChartCard
                title={t`Adherence and conformance`}
                description={t`Per day, over scored days.`}
                testId="chart-adherence"
              >
                <LineChart data={data.trend}>
                  <CartesianGrid yAxisId="adherence" stroke="var(--border)" strokeDasharray="3 3" />
                  <XAxis {...dateAxis} />
                  {/* Adherence cannot pass 100 %; conformance can (overtime), so it has its own
                    axis on the right, in its line's colour. */}
                  <YAxis
                    yAxisId="adherence"
                    {...axis}
                    tick={{ fill: 'var(--primary)' }}
                    domain={[0, 100]}
                    ticks={percentTicks([])}
                    unit="%"
                  />
                  <YAxis
                    yAxisId="conformance"
                    orientation="right"
                    {...axis}
                    tick={{ fill: 'var(--success)' }}
                    ticks={conformanceTicks}
                    domain={[0, conformanceTicks.at(-1) ?? 100]}
                    unit="%"
                  />
                  <Tooltip contentStyle={tooltipStyle} formatter={tooltipValue} />
                  <Legend />
                  <Line
                    yAxisId="adherence"
                    isAnimationActive={false}
                    type="monotone"
                    dataKey="adherencePct"
                    name={t`Adherence %`}
                    stroke="var(--primary)"
                    strokeWidth={2}
                    dot={false}
                    connectNulls
                  />
                  <Line
                    yAxisId="conformance"
                    isAnimationActive={false}
                    type="monotone"
                    dataKey="conformancePct"
                    name={t`Conformance %`}
                    stroke="var(--success)"
                    strokeWidth={2}
                    dot={false}
                    connectNulls
                  />
                </LineChart>
              </ChartCard>
              <ChartCard
                title={t`Exceptions per day`}
                description={t`People late, over break, absent.`}
                testId="chart-exceptions"
              >
                <BarChart data={data.trend}>
                  <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
                  <XAxis {...dateAxis} />
                  <YAxis {...axis} allowDecimals={false} />
                  <Tooltip contentStyle={tooltipStyle} formatter={tooltipValue} />
                  <Legend />
                  <Bar
                    isAnimationActive={false}
                    dataKey="lateCount"
                    name={t`Late`}
                    stackId="x"
                    fill="var(--warning)"
                  />
                  <Bar
                    isAnimationActive={false}
                    dataKey="overbreakCount"
                    name={t`Over break`}
                    stackId="x"
                    fill="var(--destructive)"
                  />
                  <Bar
                    isAnimationActive={false}
                    dataKey="absentCount"
                    name={t`Absent`}
                    stackId="x"
                    fill="var(--muted-foreground)"
                  />
                </BarChart>
              </ChartCard>
              <ChartCard title={t`Hours worked`} testId="chart-hours">
                <BarChart data={data.trend}>
                  <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
                  <XAxis {...dateAxis} />
                  <YAxis {...axis} tickFormatter={chartNumber} />
                  <Tooltip contentStyle={tooltipStyle} formatter={tooltipValue} />
                  <Bar
                    isAnimationActive={false}
                    dataKey="workedHours"
                    name={t`Hours`}
                    fill="var(--primary)"
                  />
                </BarChart>
              </ChartCard>
              <ChartCard title={t`Adherence by team`} testId="chart-teams">
                <BarChart data={data.byTeam} layout="vertical" margin={{ left: 24 }}>
                  <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
                  <XAxis type="number" {...axis} unit="%" domain={[0, 100]} />
                  <YAxis type="category" dataKey="teamName" {...axis} width={100} />
                  <Tooltip contentStyle={tooltipStyle} formatter={tooltipValue} />
                  <Bar
                    isAnimationActive={false}
                    dataKey="adherencePct"
                    name={t`Adherence %`}
                    fill="var(--primary)"
                  />
                </BarChart>
              </ChartCard>
            </div>
            <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
              <Card>
                <CardHeader>
                  <CardTitle>
                    <Trans>Lateness heatmap</Trans>
                  </CardTitle>
                  <CardDescription>
                    <Trans>Late arrivals by weekday and hour of clock-in.</Trans>
                  </CardDescription>
                </CardHeader>
                <CardContent>
                  <Heatmap cells={data.latenessHeatmap} />
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle>
                    <Trans>Top exceptions</Trans>
                  </CardTitle>
                </CardHeader>
                <CardContent>
                  <ol className="grid gap-2 text-sm">
                    {data.topExceptions.map((exception) => {
                      const count = exception.count;
                      return (
                        <li key={exception.type} className="flex justify-between gap-2">
                          <span>{exceptionLabel(exception.type)}</span>
                          <span className="tabular-nums text-muted-foreground">
                            <Plural value={count} one="# day" other="# days" />
                            {exception.minutes > 0 && ` · ${formatMinutes(exception.minutes)}`}
                          </span>
                        </li>
                      );
                    })}
                    {data.topExceptions.length === 0 && (
                      <li className="text-muted-foreground">
                        <Trans>None.</Trans>
                      </li>
                    )}
                  </ol>
                </CardContent>
              </Card>
            </div>
          </>
        )}
      </QueryState>
    </div>
  );
}
