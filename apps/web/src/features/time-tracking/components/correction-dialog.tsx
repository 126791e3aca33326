import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { firstIssueMessage } from '@punchclock/shared/contracts/auth';
import { correctionRequestSchema } from '@punchclock/shared/contracts/approvals';
import type { HistoryDay } from '@punchclock/shared/contracts/time-tracking';
import { formatBusinessTime } from '@punchclock/shared/domain/business-time';
import {
  EVENT_LABELS,
  TIME_EVENT_TYPES,
  type TimeEventType,
} from '@punchclock/shared/domain/time-state';
import { TZDate } from '@date-fns/tz';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { useRequestCorrection } from '../api';

type Kind = 'add' | 'move' | 'remove';

/** "HH:mm" on a business day → the ISO instant, in the business time zone. */
function toInstant(date: string, time: string, timeZone: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return new Date(
    new TZDate(year, month - 1, day, hour, minute, 0, timeZone).getTime(),
  ).toISOString();
}

/** Ask an approver to fix a day: add a missed punch, move one, or remove one. */
export function CorrectionDialog({
  day,
  timeZone,
  onClose,
}: {
  day: HistoryDay | null;
  timeZone: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [kind, setKind] = useState<Kind>('add');
  const [eventType, setEventType] = useState<TimeEventType>('clock_out');
  const [targetEventId, setTargetEventId] = useState('');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('17:00');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = useRequestCorrection();
  if (!day) return null;
  const dayDate = day.date;
  const punches = (day.originalEvents ?? day.events).filter(
    (event) => !event.id.startsWith('correction'),
  );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const occurredAt = toInstant(date || day.date, time, timeZone);
    const input =
      kind === 'add'
        ? { kind, eventType, occurredAt, reason }
        : kind === 'move'
          ? { kind, targetEventId, occurredAt, reason }
          : { kind, targetEventId, reason };
    const parsed = correctionRequestSchema.safeParse(input);
    if (!parsed.success) return setError(firstIssueMessage(parsed.error));
    setError(undefined);
    submit.mutate(input, { onSuccess: onClose, onError: (failure) => setError(failure.message) });
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogTitle>
          <Trans>Request a correction</Trans>
        </DialogTitle>
        <DialogDescription>
          <Trans>For {dayDate}. Your punches stay as they are; an approver decides.</Trans>
        </DialogDescription>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <Field id="correction-kind" label={t`What is wrong?`}>
            <Select value={kind} onChange={(event) => setKind(event.target.value as Kind)}>
              <option value="add">{t`I missed a punch`}</option>
              <option value="move">{t`A punch has the wrong time`}</option>
              <option value="remove">{t`A punch was a mistake`}</option>
            </Select>
          </Field>
          {kind === 'add' ? (
            <Field id="correction-type" label={t`Missed punch`}>
              <Select
                value={eventType}
                onChange={(event) => setEventType(event.target.value as TimeEventType)}
              >
                {TIME_EVENT_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {EVENT_LABELS[type]}
                  </option>
                ))}
              </Select>
            </Field>
          ) : (
            <Field id="correction-target" label={t`Punch`}>
              <Select
                value={targetEventId}
                onChange={(event) => setTargetEventId(event.target.value)}
              >
                <option value="">{t`Choose…`}</option>
                {punches.map((punch) => {
                  const label = EVENT_LABELS[punch.eventType];
                  const time = formatBusinessTime(punch.occurredAt, timeZone);
                  return (
                    <option key={punch.id} value={punch.id}>
                      {t`${label} at ${time}`}
                    </option>
                  );
                })}
              </Select>
            </Field>
          )}
          {kind !== 'remove' && (
            <div className="grid grid-cols-2 gap-3">
              <Field id="correction-date" label={t`Date`}>
                <Input
                  type="date"
                  value={date || day.date}
                  onChange={(event) => setDate(event.target.value)}
                />
              </Field>
              <Field id="correction-time" label={t`Correct time`}>
                <Input type="time" value={time} onChange={(event) => setTime(event.target.value)} />
              </Field>
            </div>
          )}
          <Field id="correction-reason" label={t`Reason`}>
            <Input
              value={reason}
              maxLength={500}
              onChange={(event) => setReason(event.target.value)}
            />
          </Field>
          <FieldError id="correction-error" message={error} />
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={submit.isPending}>
              <Trans>Send request</Trans>
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
