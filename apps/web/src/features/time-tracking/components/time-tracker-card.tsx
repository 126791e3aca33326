import { Trans, useLingui } from '@lingui/react/macro';
import * as RadioGroup from '@radix-ui/react-radio-group';
import { LogIn, LogOut } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { formatBusinessTime } from '@punchclock/shared/domain/business-time';
import {
  EVENT_LABELS,
  STATE_LABELS,
  type TimeEventType,
  type TimeState,
} from '@punchclock/shared/domain/time-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import type { DisplayEvent } from '../api';

type StatusOption = Extract<TimeEventType, 'clock_in' | 'break' | 'lunch'>;

interface TimeTrackerCardProps {
  state: TimeState;
  lastEvent: DisplayEvent | undefined;
  breakLimitMinutes: number;
  lunchLimitMinutes: number;
  timeZone: string;
  isBusy: boolean;
  onRecord: (eventType: TimeEventType) => void;
}

export function TimeTrackerCard(props: TimeTrackerCardProps) {
  const { t } = useLingui();
  const { state, lastEvent, timeZone, isBusy, onRecord } = props;
  const breakLimit = props.breakLimitMinutes;
  const lunchLimit = props.lunchLimitMinutes;
  const stateLabel = STATE_LABELS[state];
  const lastLabel = lastEvent ? EVENT_LABELS[lastEvent.eventType] : '';
  const lastTime = lastEvent ? formatBusinessTime(lastEvent.occurredAt, timeZone) : '';
  const [selected, setSelected] = useState<StatusOption | null>(null);
  const isActive = state === 'clock_in' || state === 'break' || state === 'lunch';
  const options: { value: StatusOption; label: string }[] = [
    { value: 'clock_in', label: t`Working` },
    { value: 'break', label: t`Break (${breakLimit} min paid)` },
    { value: 'lunch', label: t`Lunch (${lunchLimit} min unpaid)` },
  ];

  // The control that was used disappears (Clock In) or turns disabled (Update Status) once the
  // punch lands, which drops keyboard focus to the page; move it to the next sensible control.
  const clockInRef = useRef<HTMLButtonElement>(null);
  const statusGroupRef = useRef<HTMLDivElement>(null);
  const isRefocusPending = useRef(false);
  useEffect(() => {
    if (!isRefocusPending.current) return;
    isRefocusPending.current = false;
    const checkedStatus =
      statusGroupRef.current?.querySelector<HTMLElement>('[data-state=checked]');
    (checkedStatus ?? clockInRef.current)?.focus();
  }, [state]);

  const record = (eventType: TimeEventType) => {
    setSelected(null); // product §4: the selection clears after an action
    isRefocusPending.current = true;
    onRecord(eventType);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Time Tracker</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        {!isActive ? (
          <Button
            ref={clockInRef}
            size="lg"
            className="h-20 w-full text-xl"
            disabled={isBusy}
            onClick={() => record('clock_in')}
          >
            <LogIn className="!size-6" aria-hidden />
            <Trans>Clock In</Trans>
          </Button>
        ) : (
          <>
            <p className="text-sm">
              <Trans>
                Current status:{' '}
                <span className="font-semibold" data-testid="current-status">
                  {stateLabel}
                </span>
              </Trans>
            </p>
            <RadioGroup.Root
              ref={statusGroupRef}
              aria-label={t`Change status`}
              className="grid gap-2 sm:grid-cols-3"
              value={selected ?? state}
              onValueChange={(value) => setSelected(value as StatusOption)}
            >
              {options.map((option) => (
                <RadioGroup.Item
                  key={option.value}
                  value={option.value}
                  className={cn(
                    'flex min-h-12 cursor-pointer items-center justify-center rounded-lg border border-input px-3 py-2 text-sm font-medium transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
                    'data-[state=checked]:border-primary data-[state=checked]:bg-accent data-[state=checked]:text-accent-foreground',
                  )}
                >
                  {option.label}
                </RadioGroup.Item>
              ))}
            </RadioGroup.Root>
            <div className="grid gap-2 sm:grid-cols-2">
              <Button
                disabled={isBusy || selected === null || selected === state}
                onClick={() => selected && record(selected)}
              >
                <Trans>Update Status</Trans>
              </Button>
              <Button variant="destructive" disabled={isBusy} onClick={() => record('clock_out')}>
                <LogOut aria-hidden />
                <Trans>Clock Out</Trans>
              </Button>
            </div>
          </>
        )}
        <div className="rounded-lg bg-muted p-3 text-sm" data-testid="last-action">
          <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
            <Trans>Last Action</Trans>
          </p>
          {lastEvent ? (
            <p className="mt-1">
              <Trans>
                <span className="font-medium">{lastLabel}</span> at {lastTime}
              </Trans>
              {lastEvent.isPending && (
                <span className="ml-2 text-warning">
                  <Trans>(waiting to sync)</Trans>
                </span>
              )}
            </p>
          ) : (
            <p className="mt-1 text-muted-foreground">
              <Trans>None yet today</Trans>
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
