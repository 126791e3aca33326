import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { parseISO } from 'date-fns';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { shiftDate } from '@punchclock/shared/domain/business-time';
import {
  formatShiftHours,
  getMonthGrid,
  getWeekDates,
  shiftMonth,
} from '@punchclock/shared/domain/schedule';
import { formatDate, formatTimeRange } from '@punchclock/shared/i18n/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { CalendarFeedsCard } from '@/features/calendar-feeds';
import { cn } from '@/lib/cn';
import { myScheduleQueryOptions } from '../api';
import { planOfDay, shiftHoursOf, type PlanOfDay } from '../day-plan';
import { weekdayShortNames } from '../weekday-names';
import { useBusinessToday } from '@/lib/session';

type View = 'week' | 'month';

function DayPlan({ plan, isCompact }: { plan: PlanOfDay; isCompact: boolean }) {
  if (plan.kind === 'none')
    return (
      <p className="text-xs text-muted-foreground">
        <Trans>No schedule</Trans>
      </p>
    );
  if (plan.kind === 'day_off') {
    const { name } = plan.entry.template;
    return (
      <p className="text-xs text-muted-foreground">
        <Trans>Day off · {name}</Trans>
      </p>
    );
  }
  if (plan.kind === 'shift') {
    const { shift } = plan;
    const lunch =
      shift.lunchStart && shift.lunchEnd ? formatTimeRange(shift.lunchStart, shift.lunchEnd) : null;
    return (
      <div className="grid gap-0.5 text-xs" data-testid="roster-shift">
        <p className="truncate font-medium text-foreground">
          {shift.position ?? <Trans>Shift</Trans>}
        </p>
        <p className="tabular-nums">{formatShiftHours(shiftHoursOf(shift))}</p>
        {!isCompact && lunch && (
          <p className="text-muted-foreground">
            <Trans>Lunch {lunch}</Trans>
          </p>
        )}
        {shift.note && (
          <p
            className={cn(
              'text-muted-foreground',
              isCompact ? 'truncate' : 'whitespace-pre-line break-words',
            )}
            title={isCompact ? shift.note : undefined}
          >
            {shift.note}
          </p>
        )}
      </div>
    );
  }
  const { template } = plan.entry;
  const lunch =
    template.lunchStart && template.lunchEnd
      ? formatTimeRange(template.lunchStart, template.lunchEnd)
      : null;
  return (
    <div className="grid gap-0.5 text-xs">
      <p className="truncate font-medium text-foreground">{template.name}</p>
      <p className="tabular-nums">{formatShiftHours(template)}</p>
      {!isCompact && lunch && (
        <p className="text-muted-foreground">
          <Trans>Lunch {lunch}</Trans>
        </p>
      )}
    </div>
  );
}

/** product §2 my-schedule calendar: Week and Month, Sunday first, Today badge, "No schedule". */
export default function MySchedulePage() {
  const { t } = useLingui();
  const today = useBusinessToday();
  const [view, setView] = useState<View>('week');
  const [anchor, setAnchor] = useState(today);

  const weeks = view === 'week' ? [getWeekDates(anchor)] : getMonthGrid(anchor);
  const from = weeks[0]?.[0] ?? anchor;
  const to = weeks.at(-1)?.at(-1) ?? anchor;
  const schedule = useQuery(myScheduleQueryOptions(from, to));
  /** What a screen reader hears for a day in the phone's month view (only a dot shows there). */
  const describePlan = (plan: PlanOfDay): string => {
    switch (plan.kind) {
      case 'shift': {
        const { shift } = plan;
        const hours = formatShiftHours(shiftHoursOf(shift));
        return [shift.position ?? t`Shift`, hours, shift.note].filter(Boolean).join(' ');
      }
      case 'template':
        return `${plan.entry.template.name} ${formatShiftHours(plan.entry.template)}`;
      case 'day_off':
        return t`Day off`;
      default:
        return t`No schedule`;
    }
  };

  const move = (direction: -1 | 1) =>
    setAnchor(view === 'week' ? shiftDate(anchor, 7 * direction) : shiftMonth(anchor, direction));
  const title =
    view === 'week'
      ? `${formatDate(parseISO(from), 'MMM d')} – ${formatDate(parseISO(to), 'MMM d, yyyy')}`
      : formatDate(parseISO(anchor), 'MMMM yyyy');
  const anchorMonth = anchor.slice(0, 7);

  return (
    <div className="mx-auto grid grid-cols-[minmax(0,1fr)] max-w-6xl gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">
          <Trans>Schedules</Trans>
        </h1>
        <div className="flex rounded-lg border p-1" role="group" aria-label={t`Calendar view`}>
          {(['week', 'month'] as const).map((option) => (
            <Button
              key={option}
              size="sm"
              variant={view === option ? 'default' : 'ghost'}
              aria-pressed={view === option}
              onClick={() => setView(option)}
            >
              {option === 'week' ? t`Week` : t`Month`}
            </Button>
          ))}
        </div>
      </div>
      <Card>
        <CardContent className="grid gap-4 pt-6">
          <div className="flex items-center justify-between gap-2">
            <Button
              variant="outline"
              size="icon"
              aria-label={view === 'week' ? t`Previous week` : t`Previous month`}
              onClick={() => move(-1)}
            >
              <ChevronLeft aria-hidden />
            </Button>
            <div className="flex flex-col items-center gap-1 sm:flex-row sm:gap-3">
              <h2 className="text-lg font-semibold" aria-live="polite">
                {title}
              </h2>
              {anchor !== today && (
                <Button variant="link" size="sm" onClick={() => setAnchor(today)}>
                  <Trans>Back to today</Trans>
                </Button>
              )}
            </div>
            <Button
              variant="outline"
              size="icon"
              aria-label={view === 'week' ? t`Next week` : t`Next month`}
              onClick={() => move(1)}
            >
              <ChevronRight aria-hidden />
            </Button>
          </div>
          <QueryState query={schedule}>
            {(data) => (
              <div className="grid gap-2" role="grid" aria-label={title}>
                <div className="hidden grid-cols-7 gap-2 sm:grid" role="row">
                  {weekdayShortNames().map((day) => (
                    <div
                      key={day}
                      role="columnheader"
                      className="text-center text-xs font-medium text-muted-foreground"
                    >
                      {day}
                    </div>
                  ))}
                </div>
                {weeks.map((week) => (
                  <div
                    key={week[0]}
                    role="row"
                    className={cn('grid gap-2', view === 'week' ? 'sm:grid-cols-7' : 'grid-cols-7')}
                  >
                    {week.map((date) => {
                      const plan = planOfDay(data, date);
                      const leave = data?.timeOff.find(
                        (request) => request.startDate <= date && date <= request.endDate,
                      );
                      const isToday = date === today;
                      const leaveName = leave?.typeName;
                      const leaveLabel =
                        leave?.status === 'pending' ? t`${leaveName} (pending)` : leaveName;
                      const isOutside = view === 'month' && date.slice(0, 7) !== anchorMonth;
                      return (
                        <div
                          key={date}
                          role="gridcell"
                          // Named by its content (date, Today, shift, time off), so a screen
                          // reader hears the day's plan, not only its date.
                          data-date={date}
                          className={cn(
                            'flex flex-col gap-1 rounded-lg border p-2',
                            view === 'week' ? 'min-h-24' : 'min-h-20 p-1.5 sm:p-2',
                            isToday && 'border-primary ring-1 ring-primary',
                            isOutside && 'opacity-50',
                          )}
                        >
                          <div className="flex flex-wrap items-center justify-between gap-1">
                            <span className="sr-only">
                              {formatDate(parseISO(date), 'EEEE, MMMM d')}
                            </span>
                            <span className="text-sm font-semibold" aria-hidden>
                              <span className={cn(view === 'month' && 'hidden', 'sm:hidden')}>
                                {formatDate(parseISO(date), 'EEE')}{' '}
                              </span>
                              {formatDate(parseISO(date), view === 'week' ? 'MMM d' : 'd')}
                            </span>
                            {isToday && (
                              <Badge
                                variant="default"
                                className={cn(
                                  view === 'month' && 'px-1 text-[9px] sm:px-2 sm:text-xs',
                                )}
                              >
                                <Trans>Today</Trans>
                              </Badge>
                            )}
                          </div>
                          <div className={cn(view === 'month' && 'hidden sm:block')}>
                            {leave && (
                              <p
                                className="mb-1 truncate rounded bg-success/15 px-1.5 py-0.5 text-xs font-medium text-success-text"
                                data-testid="time-off-marker"
                              >
                                {leaveLabel}
                                {leave.startTime ? ` ${leave.startTime}–${leave.endTime}` : ''}
                              </p>
                            )}
                            <DayPlan plan={plan} isCompact={view === 'month'} />
                          </div>
                          {view === 'month' && (
                            <span className="sm:hidden">
                              {leave && <span className="sr-only">{leaveLabel}</span>}
                              {(plan.kind === 'shift' || plan.kind === 'template') && (
                                <span
                                  className="mx-auto block size-2 rounded-full bg-primary"
                                  aria-hidden
                                />
                              )}
                              <span className="sr-only">{describePlan(plan)}</span>
                            </span>
                          )}
                        </div>
                      );
                    })}
                  </div>
                ))}
              </div>
            )}
          </QueryState>
        </CardContent>
      </Card>
      <CalendarFeedsCard />
    </div>
  );
}
