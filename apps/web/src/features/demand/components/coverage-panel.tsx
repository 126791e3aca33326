import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Megaphone } from 'lucide-react';
import { useState } from 'react';
import {
  Area,
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ReferenceArea,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { CoverageResponse } from '@punchclock/shared/contracts/demand';
import { formatTimeOfDay, formatTimeRange } from '@punchclock/shared/i18n/format';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { DayPicker } from '@/components/ui/day-picker';
import { cn } from '@/lib/cn';
import { coverageQueryOptions } from '../api';
import { coverageGaps, gapOf, shortBy, type CoverageGap } from '../demand-planner';
import { formatHours, formatPeople } from '../demand-labels';
import { PostGapDialog } from './post-gap-dialog';

const axis = { stroke: 'var(--muted-foreground)', fontSize: 12 };
const tooltipStyle = {
  backgroundColor: 'var(--card)',
  border: '1px solid var(--border)',
  color: 'var(--foreground)',
};

/** Selected intervals as a range: the first and last index picked (or null). */
type Selection = { from: number; to: number } | null;

function extend(selection: Selection, index: number): Selection {
  if (!selection) return { from: index, to: index };
  if (selection.from === index && selection.to === index) return null;
  return { from: Math.min(selection.from, index), to: Math.max(selection.to, index) };
}

function CoverageDay({
  data,
  teamId,
  position,
  positions,
}: {
  data: CoverageResponse;
  teamId: string;
  position: string;
  positions: readonly string[];
}) {
  const { t } = useLingui();
  const [selection, setSelection] = useState<Selection>(null);
  const [posting, setPosting] = useState<CoverageGap | null>(null);
  const intervals = data.intervals;
  const points = intervals.map((interval) => ({
    label: formatTimeOfDay(interval.startTime),
    required: interval.required,
    scheduled: interval.scheduled,
    planned: interval.planned,
    onClock: interval.onClock,
  }));
  // Today only what is still ahead can be posted: "now" is when the server answered (the day
  // under way is re-read every minute).
  const now = Date.parse(data.asOf);
  const gaps = coverageGaps(intervals, data.intervalMinutes, now);
  const selectedGap = selection
    ? gapOf(intervals, data.intervalMinutes, selection.from, selection.to, now)
    : null;
  const isSelected = (index: number) =>
    selection !== null && index >= selection.from && index <= selection.to;
  const shortfall = formatHours(data.scheduledShortfallHours);
  const onClockShortfall =
    data.onClockShortfallHours === null ? null : formatHours(data.onClockShortfallHours);

  return (
    <div className="grid gap-4">
      <p className="text-sm">
        <Trans>Short by the published roster: {shortfall} person-hours.</Trans>{' '}
        {onClockShortfall !== null && (
          <Trans>Short by the clock so far: {onClockShortfall} person-hours.</Trans>
        )}
      </p>
      {/* The chart is for the eye; the table below says the same for screen readers and keys. */}
      <div className="h-72 w-full" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart
            data={points}
            margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
            onClick={(state) => {
              const index = Number(state?.activeTooltipIndex);
              if (Number.isInteger(index) && index >= 0) setSelection((s) => extend(s, index));
            }}
          >
            <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
            <XAxis dataKey="label" {...axis} minTickGap={24} />
            <YAxis {...axis} allowDecimals={false} width={32} />
            <Tooltip contentStyle={tooltipStyle} />
            <Legend />
            {selection && (
              <ReferenceArea
                x1={points[selection.from]?.label}
                x2={points[selection.to]?.label}
                fill="var(--primary)"
                fillOpacity={0.12}
              />
            )}
            <Area
              type="stepAfter"
              dataKey="planned"
              name={t`Planned (drafts included)`}
              stroke="var(--muted-foreground)"
              fill="var(--muted-foreground)"
              fillOpacity={0.15}
              isAnimationActive={false}
            />
            <Bar
              dataKey="scheduled"
              name={t`Scheduled`}
              fill="var(--primary)"
              fillOpacity={0.6}
              isAnimationActive={false}
            />
            <Line
              type="stepAfter"
              dataKey="required"
              name={t`Required`}
              stroke="var(--destructive)"
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
            <Line
              type="stepAfter"
              dataKey="onClock"
              name={t`On the clock`}
              stroke="var(--success)"
              // Dashed: told apart from the required line by more than its colour.
              strokeDasharray="6 3"
              strokeWidth={2}
              dot={false}
              connectNulls={false}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>

      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Button disabled={!selectedGap} onClick={() => selectedGap && setPosting(selectedGap)}>
            <Megaphone aria-hidden /> <Trans>Post selection as open shift</Trans>
          </Button>
          {selection && (
            <Button variant="outline" onClick={() => setSelection(null)}>
              <Trans>Clear selection</Trans>
            </Button>
          )}
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {selection === null ? (
              <Trans>Select intervals on the chart or in the table to post a gap.</Trans>
            ) : selectedGap ? (
              <Trans>
                Selected {formatTimeRange(selectedGap.startTime, selectedGap.endTime)}: short up to{' '}
                {selectedGap.count}.
              </Trans>
            ) : (
              <Trans>The selected intervals are not short of people.</Trans>
            )}
          </p>
        </div>
        {gaps.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label={t`Gaps`}>
            {gaps.map((gap) => {
              const range = formatTimeRange(gap.startTime, gap.endTime);
              return (
                <li key={gap.first}>
                  <Button variant="outline" size="sm" onClick={() => setPosting(gap)}>
                    <Trans>
                      Post {range} (short {gap.count})
                    </Trans>
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </div>

      <ScrollRegion label={t`Coverage per interval`} className="max-h-[60vh] border">
        <table className="w-full text-sm" data-testid="coverage-table">
          <caption className="sr-only">
            <Trans>
              Coverage per interval: people required, scheduled, planned and on the clock
            </Trans>
          </caption>
          <thead className="sticky top-0 bg-card">
            <tr>
              <th scope="col" className="px-2 py-1 text-left">
                <Trans>Select</Trans>
              </th>
              <th scope="col" className="px-2 py-1 text-left">
                <Trans>Time</Trans>
              </th>
              <th scope="col" className="px-2 py-1 text-right">
                <Trans>Required</Trans>
              </th>
              <th scope="col" className="px-2 py-1 text-right">
                <Trans>Scheduled</Trans>
              </th>
              <th scope="col" className="px-2 py-1 text-right">
                <Trans>Planned</Trans>
              </th>
              <th scope="col" className="px-2 py-1 text-right">
                <Trans>On the clock</Trans>
              </th>
              <th scope="col" className="px-2 py-1 text-right">
                <Trans>Short</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {intervals.map((interval, index) => {
              const time = formatTimeOfDay(interval.startTime);
              const short = shortBy(interval);
              return (
                <tr
                  key={interval.startsAt}
                  className={cn('border-t', isSelected(index) && 'bg-primary/10')}
                >
                  <td className="px-2 py-0.5">
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      aria-label={t`Select ${time}`}
                      checked={isSelected(index)}
                      onChange={() => setSelection((s) => extend(s, index))}
                    />
                  </td>
                  <th scope="row" className="px-2 py-0.5 text-left font-normal tabular-nums">
                    {time}
                  </th>
                  <td className="px-2 py-0.5 text-right tabular-nums">
                    {interval.required === null ? '–' : formatPeople(interval.required)}
                  </td>
                  <td className="px-2 py-0.5 text-right tabular-nums">
                    {formatPeople(interval.scheduled)}
                  </td>
                  <td className="px-2 py-0.5 text-right tabular-nums">
                    {formatPeople(interval.planned)}
                  </td>
                  <td className="px-2 py-0.5 text-right tabular-nums">
                    {interval.onClock === null ? '–' : formatPeople(interval.onClock)}
                  </td>
                  <td
                    className={cn(
                      'px-2 py-0.5 text-right tabular-nums',
                      short > 0 && 'font-semibold text-destructive-text',
                    )}
                  >
                    {short > 0 ? formatPeople(short) : '–'}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>

      {posting && (
        <PostGapDialog
          teamId={teamId}
          date={data.date}
          gap={posting}
          position={position}
          positions={positions}
          onClose={() => {
            setPosting(null);
            setSelection(null);
          }}
        />
      )}
    </div>
  );
}

/** A day's coverage: required against scheduled, planned and on the clock (live for today). */
export function CoveragePanel({
  teamId,
  position,
  positions,
  days,
  today,
}: {
  teamId: string;
  position: string;
  positions: readonly string[];
  days: readonly string[];
  today: string;
}) {
  const { t } = useLingui();
  const [day, setDay] = useState(days.includes(today) ? today : (days[0] ?? today));
  const shownDay = days.includes(day) ? day : (days[0] ?? today);
  const coverage = useQuery({
    ...coverageQueryOptions(teamId, shownDay, position),
    // Today's on-the-clock line moves as people punch; the live topic re-reads it too.
    refetchInterval: shownDay === today ? 60_000 : false,
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Coverage</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            People required per interval against the published roster, the plan with its drafts, and
            who is on the clock.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <DayPicker days={days} day={shownDay} onDay={setDay} label={t`Coverage day`} />
        <QueryState query={coverage}>
          {(data) => (
            <CoverageDay
              key={`${data.date}-${data.position}`}
              data={data}
              teamId={teamId}
              position={position}
              positions={positions}
            />
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
