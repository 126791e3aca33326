import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { postGapRequestSchema } from '@punchclock/shared/contracts/demand';
import { firstIssueMessage } from '@punchclock/shared/contracts/auth';
import { formatBusinessDateLong } from '@punchclock/shared/i18n/format';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { usePostGap } from '../api';
import type { CoverageGap } from '../demand-planner';

/** A coverage gap posted as open shifts people can claim (published at once). */
export function PostGapDialog({
  teamId,
  date,
  gap,
  position,
  positions,
  onClose,
}: {
  teamId: string;
  date: string;
  gap: CoverageGap;
  /** The position the coverage shows ('' = the whole team). */
  position: string;
  positions: readonly string[];
  onClose: () => void;
}) {
  const { t } = useLingui();
  const post = usePostGap();
  const [startTime, setStartTime] = useState(gap.startTime);
  const [endTime, setEndTime] = useState(gap.endTime);
  const [shiftPosition, setShiftPosition] = useState(position);
  const [count, setCount] = useState(String(gap.count));
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  // One per opening of the dialog: posting again after a lost answer returns the same shifts.
  const [requestId] = useState(() => crypto.randomUUID());
  const day = formatBusinessDateLong(date);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      teamId,
      date,
      startTime,
      endTime,
      position: shiftPosition === '' ? null : shiftPosition,
      count: count.trim() === '' ? Number.NaN : Number(count),
      note: note.trim() === '' ? null : note.trim(),
      requestId,
    };
    const parsed = postGapRequestSchema.safeParse(input);
    if (!parsed.success) return setError(firstIssueMessage(parsed.error));
    setError(undefined);
    post.mutate(input, { onSuccess: onClose, onError: (failure) => setError(failure.message) });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogTitle>
          <Trans>Post as open shift</Trans>
        </DialogTitle>
        <DialogDescription>
          <Trans>
            Published at once on {day}: people of the team can claim them on Open Shifts & Swaps.
          </Trans>
        </DialogDescription>
        <form className="grid gap-3" onSubmit={onSubmit} noValidate>
          <div className="grid grid-cols-2 gap-3">
            <Field id="post-gap-start" label={t`Starts`}>
              <Input
                type="time"
                value={startTime}
                onChange={(event) => setStartTime(event.target.value)}
              />
            </Field>
            <Field id="post-gap-end" label={t`Ends`}>
              <Input
                type="time"
                value={endTime}
                onChange={(event) => setEndTime(event.target.value)}
              />
            </Field>
          </div>
          <Field id="post-gap-position" label={t`Position`}>
            <Select
              value={shiftPosition}
              onChange={(event) => setShiftPosition(event.target.value)}
            >
              <option value="">{t`Any position`}</option>
              {positions.map((item) => (
                <option key={item} value={item}>
                  {item}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="post-gap-count" label={t`Number of shifts`}>
            <Input
              type="number"
              min={1}
              max={20}
              step={1}
              inputMode="numeric"
              className="w-32"
              value={count}
              onChange={(event) => setCount(event.target.value)}
            />
          </Field>
          <Field id="post-gap-note" label={t`Note (optional)`}>
            <textarea
              rows={2}
              maxLength={500}
              className="w-full rounded-md border border-input bg-card px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring"
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </Field>
          <FieldError id="post-gap-error" message={error} />
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={post.isPending}>
              <Trans>Post open shifts</Trans>
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
