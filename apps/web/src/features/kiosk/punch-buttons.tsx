import { Coffee, LogIn, LogOut, UtensilsCrossed } from 'lucide-react';
import {
  BACK_TO_WORK_LABEL,
  checkTransition,
  type TimeEventType,
  type TimeState,
} from '@punchclock/shared/domain/time-state';
import { Button } from '@/components/ui/button';

const ACTIONS: { eventType: TimeEventType; label: string; icon: typeof LogIn }[] = [
  { eventType: 'clock_in', label: 'Clock In', icon: LogIn },
  { eventType: 'break', label: 'Break', icon: Coffee },
  { eventType: 'lunch', label: 'Lunch', icon: UtensilsCrossed },
  { eventType: 'clock_out', label: 'Clock Out', icon: LogOut },
];

/**
 * The kiosk's four punches, large enough for a gloved finger. With a known state only what the
 * state machine allows is enabled; offline (state unknown) all are, and the server decides.
 */
export function PunchButtons({
  state,
  isBusy,
  onPunch,
}: {
  state: TimeState | null;
  isBusy: boolean;
  onPunch: (eventType: TimeEventType) => void;
}) {
  const isOnABreak = state === 'break' || state === 'lunch';
  return (
    <div className="grid grid-cols-2 gap-3" role="group" aria-label="Record">
      {ACTIONS.map(({ eventType, label, icon: Icon }) => (
        <Button
          key={eventType}
          size="lg"
          variant={eventType === 'clock_out' ? 'destructive' : 'default'}
          className="h-20 text-lg"
          disabled={isBusy || (state !== null && !checkTransition(state, eventType).allowed)}
          onClick={() => onPunch(eventType)}
        >
          <Icon className="!size-6" aria-hidden />
          {eventType === 'clock_in' && isOnABreak ? BACK_TO_WORK_LABEL : label}
        </Button>
      ))}
    </div>
  );
}
