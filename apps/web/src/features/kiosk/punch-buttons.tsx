import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Coffee, LogIn, LogOut, UtensilsCrossed } from 'lucide-react';
import {
  backToWorkLabel,
  checkTransition,
  type TimeEventType,
  type TimeState,
} from '@punchclock/shared/domain/time-state';
import { Button } from '@/components/ui/button';

const ACTIONS: { eventType: TimeEventType; label: MessageDescriptor; icon: typeof LogIn }[] = [
  { eventType: 'clock_in', label: msg`Clock In`, icon: LogIn },
  { eventType: 'break', label: msg`Break`, icon: Coffee },
  { eventType: 'lunch', label: msg`Lunch`, icon: UtensilsCrossed },
  { eventType: 'clock_out', label: msg`Clock Out`, icon: LogOut },
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
  const { t, i18n } = useLingui();
  const isOnABreak = state === 'break' || state === 'lunch';
  return (
    <div className="grid grid-cols-2 gap-3" role="group" aria-label={t`Record`}>
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
          {eventType === 'clock_in' && isOnABreak ? backToWorkLabel() : i18n._(label)}
        </Button>
      ))}
    </div>
  );
}
