import { t as translate } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  shiftInputSchema,
  type RosterResponse,
  type Shift,
  type ShiftInput,
} from '@punchclock/shared/contracts/rosters';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { contractResolver } from '@/lib/zod-resolver';
import { useSaveShift } from '../api';
import { needsOverrideReason } from '../roster-board';
import { formatDay } from '../roster-labels';
import { ConflictList } from './shift-chip';

/** What the add dialog starts from: a cell's person and day, and its template's times if any. */
export interface ShiftPreset {
  userId: string | null;
  date: string;
  startTime?: string | undefined;
  endTime?: string | undefined;
  teamId?: string | undefined;
}

/** The form speaks strings (inputs); the contract speaks nulls and numbers. */
export interface ShiftFormValues {
  userId: string;
  teamId: string;
  date: string;
  startTime: string;
  endTime: string;
  lunchStart: string;
  lunchEnd: string;
  breakDurationMins: string;
  position: string;
  note: string;
  overrideReason: string;
}

function toFormValues(shift: Shift | null, preset: ShiftPreset | null): ShiftFormValues {
  return {
    userId: shift?.userId ?? preset?.userId ?? '',
    teamId: shift?.teamId ?? preset?.teamId ?? '',
    date: shift?.date ?? preset?.date ?? '',
    startTime: shift?.startTime ?? preset?.startTime ?? '09:00',
    endTime: shift?.endTime ?? preset?.endTime ?? '17:00',
    lunchStart: shift?.lunchStart ?? '',
    lunchEnd: shift?.lunchEnd ?? '',
    breakDurationMins: String(shift?.breakDurationMins ?? 15),
    position: shift?.position ?? '',
    note: shift?.note ?? '',
    overrideReason: shift?.overrideReason ?? '',
  };
}

/** The contract's input: an open shift names its team; a person's shift takes the person's. */
export function toShiftInput(values: ShiftFormValues): ShiftInput {
  const isOpen = values.userId === '';
  return {
    userId: isOpen ? null : values.userId,
    ...(isOpen ? { teamId: values.teamId || null } : {}),
    date: values.date,
    startTime: values.startTime,
    endTime: values.endTime,
    lunchStart: values.lunchStart || null,
    lunchEnd: values.lunchEnd || null,
    breakDurationMins:
      values.breakDurationMins === '' ? Number.NaN : Number(values.breakDurationMins),
    position: values.position.trim() || null,
    note: values.note.trim() || null,
    overrideReason: values.overrideReason.trim() || null,
  };
}

/** The shared contract, and one rule of the board's: an open shift belongs to a team. */
const shiftFormSchema = shiftInputSchema.refine(
  (shift) => shift.userId !== null || Boolean(shift.teamId),
  { error: () => translate`Choose the team of the open shift`, path: ['teamId'] },
);
const resolver = contractResolver<ShiftFormValues>(shiftFormSchema, toShiftInput);

interface ShiftDialogProps {
  /** The shift edited, or null to add one. */
  shift: Shift | null;
  preset: ShiftPreset | null;
  data: RosterResponse;
  onClose: () => void;
  /** After a save: the shift as the server answered (with its conflicts). */
  onSaved: (shift: Shift) => void;
  onDelete: (shift: Shift) => void;
}

/** Add or edit a shift: person (or open), day, hours, lunch, break, position, note, override. */
export function ShiftDialog({ shift, preset, data, onClose, onSaved, onDelete }: ShiftDialogProps) {
  const { t } = useLingui();
  const save = useSaveShift();
  const form = useForm<ShiftFormValues>({ resolver, defaultValues: toFormValues(shift, preset) });
  const { register, handleSubmit, reset, formState, setError, control } = form;
  const userId = useWatch({ control, name: 'userId' });

  useEffect(() => {
    reset(toFormValues(shift, preset));
  }, [shift, preset, reset]);

  const onSubmit = handleSubmit((values) => {
    save.mutate(
      { id: shift?.id, input: toShiftInput(values) },
      {
        onSuccess: (result) => onSaved(result.shift),
        onError: (error) => setError('root', { message: error.message }),
      },
    );
  });

  const errors = formState.errors;
  const canOverride =
    shift !== null && (needsOverrideReason(shift.conflicts) || !!shift.overrideReason);
  const field = (name: keyof ShiftFormValues, label: string, type = 'time') => (
    <Field id={`shift-${name}`} label={label} error={errors[name]?.message}>
      <Input type={type} {...register(name)} />
    </Field>
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <DialogTitle>{shift ? t`Edit shift` : t`Add a shift`}</DialogTitle>
        <DialogDescription>
          <Trans>
            A draft until you publish the week. A shift that ends at or before its start time ends
            the next day and counts for the day it starts.
          </Trans>
        </DialogDescription>
        {shift && shift.conflicts.length > 0 && (
          <div className="rounded-md border p-3" data-testid="shift-dialog-conflicts">
            <ConflictList shift={shift} />
          </div>
        )}
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id="shift-userId" label={t`Person`} error={errors.userId?.message}>
              <Select {...register('userId')}>
                <option value="">{t`Nobody: an open shift`}</option>
                {data.people.map((person) => (
                  <option key={person.userId} value={person.userId}>
                    {person.name}
                  </option>
                ))}
              </Select>
            </Field>
            {userId === '' && (
              <Field id="shift-teamId" label={t`Team`} error={errors.teamId?.message}>
                <Select {...register('teamId')}>
                  <option value="">{t`Choose…`}</option>
                  {data.teams.map((team) => (
                    <option key={team.id} value={team.id}>
                      {team.name}
                    </option>
                  ))}
                </Select>
              </Field>
            )}
            <Field id="shift-date" label={t`Day`} error={errors.date?.message}>
              <Select {...register('date')}>
                {data.days.map((day) => (
                  <option key={day} value={day}>
                    {formatDay(day)}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <div className="grid grid-cols-2 gap-3">
            {field('startTime', t`Start`)}
            {field('endTime', t`End`)}
            {field('lunchStart', t`Lunch start (optional)`)}
            {field('lunchEnd', t`Lunch end (optional)`)}
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field
              id="shift-breakDurationMins"
              label={t`Breaks (minutes, paid)`}
              error={errors.breakDurationMins?.message}
            >
              <Input
                type="number"
                min={0}
                max={120}
                inputMode="numeric"
                {...register('breakDurationMins')}
              />
            </Field>
            <Field
              id="shift-position"
              label={t`Position (optional)`}
              error={errors.position?.message}
            >
              <Input list="shift-position-options" autoComplete="off" {...register('position')} />
            </Field>
            <datalist id="shift-position-options">
              {data.positions.map((position) => (
                <option key={position} value={position} />
              ))}
            </datalist>
          </div>
          <Field id="shift-note" label={t`Note (optional)`} error={errors.note?.message}>
            <textarea
              rows={2}
              className="w-full rounded-md border border-input bg-card px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring"
              {...register('note')}
            />
          </Field>
          {canOverride && (
            <Field
              id="shift-overrideReason"
              label={t`Override reason`}
              hint={t`Lets this shift be published despite the conflicts a reason can pass (availability, rest, weekly hours), e.g. "Asked for the extra shift".`}
              error={errors.overrideReason?.message}
            >
              <textarea
                rows={2}
                className="w-full rounded-md border border-input bg-card px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring"
                {...register('overrideReason')}
              />
            </Field>
          )}
          <FieldError id="shift-form-error" message={errors.root?.message} />
          <div className="flex flex-wrap justify-between gap-2">
            <div>
              {shift && (
                <Button
                  variant="ghost"
                  className="text-destructive-text"
                  onClick={() => onDelete(shift)}
                >
                  <Trans>Delete shift</Trans>
                </Button>
              )}
            </div>
            <div className="flex gap-2">
              <Button variant="outline" onClick={onClose}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? t`Saving...` : shift ? t`Save shift` : t`Add shift`}
              </Button>
            </div>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
