import { Trans, useLingui } from '@lingui/react/macro';
import { Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { firstIssueMessage } from '@punchclock/shared/contracts/auth';
import {
  AVAILABILITY_KINDS,
  availabilityExceptionInputSchema,
  type AvailabilityException,
  type AvailabilityKind,
} from '@punchclock/shared/contracts/rosters';
import { formatBusinessDateLong } from '@punchclock/shared/i18n/format';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useBusinessToday } from '@/lib/session';
import { useAvailabilityMutations } from '../availability-api';
import { AVAILABILITY_KIND_LABELS, AvailabilityKindBadge, formatRange } from './availability-kind';

/** One-off dates that replace the weekly pattern: a day off, a shift you can take after all. */
export function AvailabilityExceptions({ exceptions }: { exceptions: AvailabilityException[] }) {
  const { t, i18n } = useLingui();
  const today = useBusinessToday();
  const { addException, removeException } = useAvailabilityMutations();
  const [date, setDate] = useState('');
  const [kind, setKind] = useState<AvailabilityKind>('unavailable');
  const [isWholeDay, setIsWholeDay] = useState(true);
  const [startTime, setStartTime] = useState('09:00');
  const [endTime, setEndTime] = useState('17:00');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      date,
      kind,
      startTime: isWholeDay ? null : startTime,
      endTime: isWholeDay ? null : endTime,
      note: note.trim() === '' ? null : note,
    };
    const parsed = availabilityExceptionInputSchema.safeParse(input);
    if (!parsed.success) return setError(firstIssueMessage(parsed.error));
    setError(undefined);
    addException.mutate(input, {
      onSuccess: () => {
        setDate('');
        setNote('');
      },
      onError: (failure) => setError(failure.message),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Exceptions</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            A date that differs from your week: an exception replaces the weekly pattern for that
            whole date.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form className="grid gap-3" onSubmit={onSubmit} noValidate>
          <div className="grid gap-3 sm:grid-cols-3">
            <Field id="exception-date" label={t`Date`}>
              <Input
                type="date"
                min={today}
                value={date}
                onChange={(event) => setDate(event.target.value)}
              />
            </Field>
            <Field id="exception-kind" label={t`I am`}>
              <Select
                value={kind}
                onChange={(event) => setKind(event.target.value as AvailabilityKind)}
              >
                {AVAILABILITY_KINDS.map((value) => (
                  <option key={value} value={value}>
                    {i18n._(AVAILABILITY_KIND_LABELS[value])}
                  </option>
                ))}
              </Select>
            </Field>
            <fieldset className="grid gap-1">
              <legend className="mb-1 text-sm font-medium">
                <Trans>When</Trans>
              </legend>
              <div className="flex flex-wrap gap-4 text-sm">
                <label className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="exception-length"
                    className="accent-primary"
                    checked={isWholeDay}
                    onChange={() => setIsWholeDay(true)}
                  />
                  <Trans>Whole day</Trans>
                </label>
                <label className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="exception-length"
                    className="accent-primary"
                    checked={!isWholeDay}
                    onChange={() => setIsWholeDay(false)}
                  />
                  <Trans>Between times</Trans>
                </label>
              </div>
            </fieldset>
          </div>
          {!isWholeDay && (
            <div className="grid gap-3 sm:grid-cols-3">
              <Field id="exception-from" label={t`From`}>
                <Input
                  type="time"
                  value={startTime}
                  onChange={(event) => setStartTime(event.target.value)}
                />
              </Field>
              <Field id="exception-until" label={t`Until`}>
                <Input
                  type="time"
                  value={endTime}
                  onChange={(event) => setEndTime(event.target.value)}
                />
              </Field>
            </div>
          )}
          <Field id="exception-note" label={t`Note (optional)`}>
            <Input value={note} maxLength={200} onChange={(event) => setNote(event.target.value)} />
          </Field>
          <FieldError id="exception-error" message={error} />
          <div>
            <Button type="submit" disabled={addException.isPending}>
              {addException.isPending ? t`Adding...` : t`Add exception`}
            </Button>
          </div>
        </form>
        {exceptions.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>No exceptions from today on.</Trans>
          </p>
        ) : (
          <ul className="grid gap-2" aria-label={t`Your exceptions`}>
            {exceptions.map((exception) => {
              const day = formatBusinessDateLong(exception.date);
              return (
                <li
                  key={exception.id}
                  className="flex flex-wrap items-center gap-3 rounded-lg border p-3 text-sm"
                  data-testid="availability-exception"
                >
                  <span className="font-medium tabular-nums">{day}</span>
                  <AvailabilityKindBadge kind={exception.kind} />
                  <span className="tabular-nums">{formatRange(exception) ?? t`Whole day`}</span>
                  {exception.note && (
                    <span className="text-muted-foreground">“{exception.note}”</span>
                  )}
                  <Button
                    variant="ghost"
                    size="sm"
                    className="ml-auto"
                    aria-label={t`Remove the exception on ${day}`}
                    disabled={removeException.isPending}
                    onClick={() => removeException.mutate(exception.id)}
                  >
                    <Trash2 aria-hidden /> <Trans>Remove</Trans>
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
