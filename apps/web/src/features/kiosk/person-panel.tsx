import { useMutation } from '@tanstack/react-query';
import { Coffee, LogIn, LogOut, UtensilsCrossed } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  KIOSK_GRANT_EXPIRED_MESSAGE,
  type IdentifyAtKioskResponse,
} from '@punchclock/shared/contracts/kiosk';
import { formatBusinessTime } from '@punchclock/shared/domain/business-time';
import {
  BACK_TO_WORK_LABEL,
  EVENT_SUCCESS_MESSAGES,
  STATE_LABELS,
  checkTransition,
  type TimeEventType,
} from '@punchclock/shared/domain/time-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { ApiError } from '@/lib/api-client';
import { useNow } from '@/lib/use-now';
import { isDeviceRefused, punchAtKiosk } from './api';

/** The person's screen clears itself this long after their last tap (#17). */
export const KIOSK_CLEAR_SECONDS = 10;

const ACTIONS: { eventType: TimeEventType; label: string; icon: typeof LogIn }[] = [
  { eventType: 'clock_in', label: 'Clock In', icon: LogIn },
  { eventType: 'break', label: 'Break', icon: Coffee },
  { eventType: 'lunch', label: 'Lunch', icon: UtensilsCrossed },
  { eventType: 'clock_out', label: 'Clock Out', icon: LogOut },
];

/** Who was identified, where they stand, and the four punches the state machine allows. */
export function PersonPanel({
  identified,
  timeZone,
  onDone,
  onDeviceRefused,
}: {
  identified: IdentifyAtKioskResponse;
  timeZone: string;
  onDone: (notice?: string) => void;
  onDeviceRefused: () => void;
}) {
  const [current, setCurrent] = useState(identified.person);
  const [confirmation, setConfirmation] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [clearsAt, setClearsAt] = useState(() => Date.now() + KIOSK_CLEAR_SECONDS * 1000);
  const now = useNow(250);
  const secondsLeft = Math.max(0, Math.ceil((clearsAt - now) / 1000));

  useEffect(() => {
    if (secondsLeft === 0) onDone();
  }, [secondsLeft, onDone]);

  const punch = useMutation({
    mutationFn: (eventType: TimeEventType) =>
      punchAtKiosk({ grant: identified.grant, id: crypto.randomUUID(), eventType }),
    onSuccess: ({ event, warning }) => {
      setCurrent((person) => ({ ...person, state: event.eventType, stateSince: event.occurredAt }));
      setConfirmation(
        [EVENT_SUCCESS_MESSAGES[event.eventType], warning].filter(Boolean).join('. '),
      );
      setError(undefined);
    },
    onError: (failure) => {
      if (isDeviceRefused(failure)) return onDeviceRefused();
      if (failure instanceof ApiError && failure.code === 'kiosk_grant_expired') {
        return onDone(KIOSK_GRANT_EXPIRED_MESSAGE);
      }
      setError(failure.message);
    },
    onSettled: () => setClearsAt(Date.now() + KIOSK_CLEAR_SECONDS * 1000),
  });

  const isWorkBreak = current.state === 'break' || current.state === 'lunch';
  return (
    <Card className="w-full max-w-lg">
      <CardHeader>
        <h1 className="text-2xl font-semibold">Hello, {current.name}</h1>
        <p className="text-muted-foreground" data-testid="kiosk-state">
          {STATE_LABELS[current.state]}
          {current.stateSince && ` since ${formatBusinessTime(current.stateSince, timeZone)}`}
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div role="status" aria-live="polite" className="min-h-6">
          {confirmation && (
            <p className="rounded-lg bg-success/15 p-3 font-medium text-success-text">
              {confirmation}
            </p>
          )}
        </div>
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <div className="grid grid-cols-2 gap-3" role="group" aria-label="Record">
          {ACTIONS.map(({ eventType, label, icon: Icon }) => (
            <Button
              key={eventType}
              size="lg"
              variant={eventType === 'clock_out' ? 'destructive' : 'default'}
              className="h-20 text-lg"
              disabled={punch.isPending || !checkTransition(current.state, eventType).allowed}
              onClick={() => punch.mutate(eventType)}
            >
              <Icon className="!size-6" aria-hidden />
              {eventType === 'clock_in' && isWorkBreak ? BACK_TO_WORK_LABEL : label}
            </Button>
          ))}
        </div>
        <Button variant="outline" size="lg" onClick={() => onDone()}>
          Done
        </Button>
        <p className="text-center text-sm text-muted-foreground" aria-live="off">
          This screen clears in {secondsLeft} s
        </p>
      </CardContent>
    </Card>
  );
}
