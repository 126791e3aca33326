import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Calculator } from 'lucide-react';
import { useState } from 'react';
import {
  CartesianGrid,
  ComposedChart,
  Area,
  Legend,
  Line,
  ReferenceArea,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type {
  ComputeRequirementsResponse,
  ForecastResponse,
} from '@punchclock/shared/contracts/demand';
import { formatTimeOfDay } from '@punchclock/shared/i18n/format';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { QueryState } from '@/components/ui/query-state';
import { Select } from '@/components/ui/select';
import { forecastQueryOptions, useComputeRequirements } from '../api';
import { formatDay, formatPeople, formatShare } from '../demand-labels';

const axis = { stroke: 'var(--muted-foreground)', fontSize: 12 };
const tooltipStyle = {
  backgroundColor: 'var(--card)',
  border: '1px solid var(--border)',
  color: 'var(--foreground)',
};

interface Point {
  key: string;
  label: string;
  date: string;
  forecast: number | null;
  actual: number | null;
}

/** The chart's points: one per interval of the chosen day, or of the whole week. */
function chartPoints(data: ForecastResponse, day: string): Point[] {
  return data.days
    .filter((item) => day === '' || item.date === day)
    .flatMap((item) =>
      item.intervals.map((interval) => ({
        key: interval.startsAt,
        label:
          day === ''
            ? `${formatDay(item.date)} ${formatTimeOfDay(interval.startTime)}`
            : formatTimeOfDay(interval.startTime),
        date: item.date,
        forecast: interval.contacts,
        actual: interval.actualContacts,
      })),
    );
}

function ForecastChart({ data, day }: { data: ForecastResponse; day: string }) {
  const { t } = useLingui();
  const points = chartPoints(data, day);
  const holidays = data.days.filter(
    (item) => item.holidayName !== null && (day === '' || item.date === day),
  );
  const forecastLabel = t`Forecast contacts`;
  const actualLabel = t`Actual contacts`;
  return (
    <figure className="grid gap-2">
      <div className="h-72 w-full" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={points} margin={{ left: 0, right: 8, top: 8, bottom: 0 }}>
            <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
            <XAxis dataKey="label" {...axis} minTickGap={24} />
            <YAxis {...axis} allowDecimals={false} width={40} />
            <Tooltip contentStyle={tooltipStyle} />
            <Legend />
            {holidays.map((holiday) => {
              const inDay = points.filter((point) => point.date === holiday.date);
              if (inDay.length === 0) return null;
              return (
                <ReferenceArea
                  key={holiday.date}
                  x1={inDay[0]!.label}
                  x2={inDay[inDay.length - 1]!.label}
                  fill="var(--warning)"
                  fillOpacity={0.12}
                />
              );
            })}
            <Area
              type="stepAfter"
              dataKey="forecast"
              name={forecastLabel}
              stroke="var(--primary)"
              fill="var(--primary)"
              fillOpacity={0.15}
              connectNulls={false}
              isAnimationActive={false}
            />
            <Line
              type="stepAfter"
              dataKey="actual"
              name={actualLabel}
              stroke="var(--success)"
              dot={false}
              strokeWidth={2}
              connectNulls={false}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="text-sm text-muted-foreground">
        {data.wape === null ? (
          <Trans>No actuals this week to measure the forecast against.</Trans>
        ) : (
          <Trans>
            Forecast error (WAPE):{' '}
            <strong className="text-foreground">{formatShare(data.wape)}</strong>
          </Trans>
        )}{' '}
        <Trans>
          From {data.weeksWithData} of the last {data.historyWeeks} weeks.
        </Trans>
      </figcaption>
      {holidays.length > 0 && (
        <ul className="text-sm" aria-label={t`Holidays`}>
          {holidays.map((holiday) => {
            const date = formatDay(holiday.date);
            const name = holiday.holidayName ?? '';
            return (
              <li key={holiday.date} className="text-warning-text">
                <Trans>
                  {date}: {name} (a holiday: left out of the averages; shaded on the chart)
                </Trans>
              </li>
            );
          })}
        </ul>
      )}
    </figure>
  );
}

function ComputeSummary({ result }: { result: ComputeRequirementsResponse }) {
  const { computedIntervals, unreachableIntervals } = result;
  return (
    <p role="status" className="text-sm" data-testid="compute-summary">
      <Trans>
        Computed {computedIntervals} intervals; {unreachableIntervals} unreachable (capped, marked
        on the grid).
      </Trans>
    </p>
  );
}

/** Workload forecast against actuals, and requirements computed from either with Erlang C. */
export function ForecastPanel({
  teamId,
  weekStart,
  position,
}: {
  teamId: string;
  weekStart: string;
  position: string;
}) {
  const { t } = useLingui();
  const [day, setDay] = useState('');
  const forecast = useQuery(forecastQueryOptions(teamId, weekStart, position));
  const compute = useComputeRequirements();
  const days = forecast.data?.days.map((item) => item.date) ?? [];
  const totals = forecast.data?.days.map((item) => ({
    date: item.date,
    forecast: item.intervals.reduce((sum, interval) => sum + (interval.contacts ?? 0), 0),
    actual: item.intervals.some((interval) => interval.actualContacts !== null)
      ? item.intervals.reduce((sum, interval) => sum + (interval.actualContacts ?? 0), 0)
      : null,
  }));
  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Workload forecast</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>
              Contacts per interval from the same weekday and interval of recent weeks, beside what
              happened where it was imported.
            </Trans>
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <Field id="demand-forecast-day" label={t`Show`} className="grid gap-1 sm:w-60">
            <Select value={day} onChange={(event) => setDay(event.target.value)}>
              <option value="">{t`The whole week`}</option>
              {days.map((date) => (
                <option key={date} value={date}>
                  {formatDay(date)}
                </option>
              ))}
            </Select>
          </Field>
          <QueryState query={forecast}>
            {(data) => <ForecastChart data={data} day={day} />}
          </QueryState>
          {totals && (
            <table className="w-full text-sm sm:w-auto" data-testid="forecast-totals">
              <caption className="text-left text-sm font-medium">
                <Trans>Contacts per day</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col" className="px-2 py-1 text-left">
                    <Trans>Day</Trans>
                  </th>
                  <th scope="col" className="px-2 py-1 text-right">
                    <Trans>Forecast</Trans>
                  </th>
                  <th scope="col" className="px-2 py-1 text-right">
                    <Trans>Actual</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {totals.map((total) => (
                  <tr key={total.date} className="border-t">
                    <th scope="row" className="px-2 py-1 text-left font-normal">
                      {formatDay(total.date)}
                    </th>
                    <td className="px-2 py-1 text-right tabular-nums">
                      {formatPeople(total.forecast)}
                    </td>
                    <td className="px-2 py-1 text-right tabular-nums">
                      {total.actual === null ? '–' : formatPeople(total.actual)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Compute requirements</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>
              People needed per interval with Erlang C, the team’s service target and shrinkage.
            </Trans>
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <div className="flex flex-wrap gap-2">
            <Button
              disabled={compute.isPending}
              onClick={() => compute.mutate({ teamId, weekStart, position, from: 'forecast' })}
            >
              <Calculator aria-hidden /> <Trans>Compute from the forecast</Trans>
            </Button>
            <Button
              variant="outline"
              disabled={compute.isPending}
              onClick={() => compute.mutate({ teamId, weekStart, position, from: 'history' })}
            >
              <Calculator aria-hidden /> <Trans>Compute from actuals</Trans>
            </Button>
          </div>
          {compute.data && <ComputeSummary result={compute.data} />}
        </CardContent>
      </Card>
    </div>
  );
}
