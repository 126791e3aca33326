import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { RosterResponse, Shift } from '@punchclock/shared/contracts/rosters';
import { formatShiftHours } from '@punchclock/shared/domain/schedule';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { Select } from '@/components/ui/select';
import { useMoveShift } from '../api';
import { movedShiftInput } from '../roster-board';
import { formatDay } from '../roster-labels';

/**
 * "Move to…" / "Copy to…": the keyboard's way to do what dragging a shift does. Choose a person
 * (or leave it open) and a day of the week.
 */
export function MoveShiftDialog({
  shift,
  mode,
  data,
  onClose,
}: {
  shift: Shift;
  mode: 'move' | 'copy';
  data: RosterResponse;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const move = useMoveShift();
  const [userId, setUserId] = useState(shift.userId ?? '');
  const [date, setDate] = useState(shift.date);
  const [error, setError] = useState<string | undefined>();
  const hours = formatShiftHours({ workStart: shift.startTime, workEnd: shift.endTime });
  const from = formatDay(shift.date);
  const who = shift.userName ?? t`Open shift`;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const target = { userId: userId || null, date };
    if (mode === 'move' && target.userId === shift.userId && target.date === shift.date)
      return setError(t`Choose another person or day to move the shift to`);
    move.mutate(
      { id: shift.id, mode, input: movedShiftInput(shift, target) },
      { onSuccess: onClose, onError: (failure) => setError(failure.message) },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>{mode === 'move' ? t`Move shift` : t`Copy shift`}</DialogTitle>
        <DialogDescription>
          <Trans>
            {who}, {from}, {hours}
          </Trans>
        </DialogDescription>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <Field id="move-shift-person" label={t`To person`}>
            <Select value={userId} onChange={(event) => setUserId(event.target.value)}>
              <option value="">{t`Nobody: an open shift`}</option>
              {data.people.map((person) => (
                <option key={person.userId} value={person.userId}>
                  {person.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="move-shift-day" label={t`To day`}>
            <Select value={date} onChange={(event) => setDate(event.target.value)}>
              {data.days.map((day) => (
                <option key={day} value={day}>
                  {formatDay(day)}
                </option>
              ))}
            </Select>
          </Field>
          <FieldError id="move-shift-error" message={error} />
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={move.isPending}>
              {mode === 'move' ? t`Move` : t`Copy`}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
