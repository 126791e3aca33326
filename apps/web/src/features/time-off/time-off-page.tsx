import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { firstIssueMessage } from '@punchclock/shared/contracts/auth';
import {
  createTimeOffRequestSchema,
  type TimeOffRequest,
} from '@punchclock/shared/contracts/time-off';
import type { MessageDescriptor } from '@lingui/core';
import { formatDays, formatRequestDates } from '@punchclock/shared/domain/time-off';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { QueryState } from '@/components/ui/query-state';
import { myTimeOffQueryOptions, useTimeOffMutations } from './api';
import { useBusinessToday } from '@/lib/session';

export const STATUS_VARIANTS: Record<
  TimeOffRequest['status'],
  'warning' | 'success' | 'destructive' | 'outline'
> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'destructive',
  cancelled: 'outline',
};

/** The status as the badge shows it (the English is the status itself). */
const STATUS_LABELS = {
  pending: msg`pending`,
  approved: msg`approved`,
  rejected: msg`rejected`,
  cancelled: msg`cancelled`,
} satisfies Record<TimeOffRequest['status'], MessageDescriptor>;

export default function TimeOffPage() {
  const { t, i18n } = useLingui();
  const today = useBusinessToday();
  const mine = useQuery(myTimeOffQueryOptions);
  const { request, cancel } = useTimeOffMutations();
  const [typeId, setTypeId] = useState('');
  const [isPartDay, setIsPartDay] = useState(false);
  const [startDate, setStartDate] = useState(today);
  const [endDate, setEndDate] = useState(today);
  const [startTime, setStartTime] = useState('13:00');
  const [endTime, setEndTime] = useState('17:00');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      typeId,
      startDate,
      endDate: isPartDay ? startDate : endDate,
      startTime: isPartDay ? startTime : null,
      endTime: isPartDay ? endTime : null,
      note: note || undefined,
    };
    const parsed = createTimeOffRequestSchema.safeParse(input);
    if (!parsed.success) return setError(firstIssueMessage(parsed.error));
    setError(undefined);
    request.mutate(input, {
      onSuccess: () => setNote(''),
      onError: (failure) => setError(failure.message),
    });
  };

  return (
    <div className="mx-auto grid grid-cols-[minmax(0,1fr)] max-w-5xl gap-6">
      <div>
        <h1 className="text-2xl font-bold">
          <Trans>Time Off</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>Ask for time off and follow your requests.</Trans>
        </p>
      </div>
      <QueryState query={mine}>
        {(data) => {
          const year = data.year;
          return (
            <>
              <section
                aria-label={t`Balances ${year}`}
                className="grid grid-cols-2 gap-3 md:grid-cols-4"
              >
                {data.balances.map((balance) => {
                  const allowance = formatDays(balance.allowanceX100 ?? 0);
                  const used = formatDays(balance.usedX100);
                  const pending = formatDays(balance.pendingX100);
                  return (
                    <div
                      key={balance.typeId}
                      className="rounded-xl border bg-card p-4"
                      data-testid="balance"
                    >
                      <p className="text-sm text-muted-foreground">{balance.typeName}</p>
                      <p className="text-2xl font-semibold tabular-nums">
                        {balance.remainingX100 === null
                          ? t`Unlimited`
                          : formatDays(balance.remainingX100)}
                      </p>
                      {balance.allowanceX100 !== null && (
                        <p className="text-xs text-muted-foreground">
                          {balance.pendingX100 > 0 ? (
                            <Trans>
                              of {allowance} · {used} used · {pending} pending
                            </Trans>
                          ) : (
                            <Trans>
                              of {allowance} · {used} used
                            </Trans>
                          )}
                        </p>
                      )}
                    </div>
                  );
                })}
              </section>
              <Card>
                <CardHeader>
                  <CardTitle>
                    <Trans>Request time off</Trans>
                  </CardTitle>
                  <CardDescription>
                    <Trans>
                      Whole days count working days (Mon–Fri); part of a day counts against an
                      8-hour day.
                    </Trans>
                  </CardDescription>
                </CardHeader>
                <CardContent>
                  <form className="grid gap-4" onSubmit={onSubmit} noValidate>
                    <div className="grid gap-3 sm:grid-cols-3">
                      <Field id="time-off-type" label={t`Type`}>
                        <Select value={typeId} onChange={(event) => setTypeId(event.target.value)}>
                          <option value="">{t`Choose…`}</option>
                          {data.types.map((type) => {
                            const name = type.name;
                            return (
                              <option key={type.id} value={type.id}>
                                {type.isPaid ? name : t`${name} (unpaid)`}
                              </option>
                            );
                          })}
                        </Select>
                      </Field>
                      <fieldset className="grid gap-1 sm:col-span-2">
                        <legend className="mb-1 text-sm font-medium">
                          <Trans>How long</Trans>
                        </legend>
                        <div className="flex gap-4 text-sm">
                          <label className="flex items-center gap-2">
                            <input
                              type="radio"
                              name="length"
                              checked={!isPartDay}
                              onChange={() => setIsPartDay(false)}
                              className="accent-primary"
                            />
                            <Trans>Whole days</Trans>
                          </label>
                          <label className="flex items-center gap-2">
                            <input
                              type="radio"
                              name="length"
                              checked={isPartDay}
                              onChange={() => setIsPartDay(true)}
                              className="accent-primary"
                            />
                            <Trans>Part of a day</Trans>
                          </label>
                        </div>
                      </fieldset>
                    </div>
                    <div className="grid gap-3 sm:grid-cols-4">
                      <Field id="time-off-start" label={isPartDay ? t`Day` : t`First day`}>
                        <Input
                          type="date"
                          value={startDate}
                          onChange={(event) => setStartDate(event.target.value)}
                        />
                      </Field>
                      {isPartDay ? (
                        <>
                          <Field id="time-off-from" label={t`From`}>
                            <Input
                              type="time"
                              value={startTime}
                              onChange={(event) => setStartTime(event.target.value)}
                            />
                          </Field>
                          <Field id="time-off-until" label={t`Until`}>
                            <Input
                              type="time"
                              value={endTime}
                              onChange={(event) => setEndTime(event.target.value)}
                            />
                          </Field>
                        </>
                      ) : (
                        <Field id="time-off-end" label={t`Last day`}>
                          <Input
                            type="date"
                            value={endDate}
                            min={startDate}
                            onChange={(event) => setEndDate(event.target.value)}
                          />
                        </Field>
                      )}
                    </div>
                    <Field id="time-off-note" label={t`Note (optional)`}>
                      <Input
                        value={note}
                        maxLength={500}
                        onChange={(event) => setNote(event.target.value)}
                      />
                    </Field>
                    <FieldError id="time-off-error" message={error} />
                    <div>
                      <Button type="submit" disabled={request.isPending}>
                        {request.isPending ? t`Sending...` : t`Request time off`}
                      </Button>
                    </div>
                  </form>
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle>
                    <Trans>Your requests</Trans>
                  </CardTitle>
                </CardHeader>
                <CardContent>
                  {data.requests.length === 0 ? (
                    <p className="text-sm text-muted-foreground">
                      <Trans>No requests yet.</Trans>
                    </p>
                  ) : (
                    <ul className="grid gap-2">
                      {data.requests.map((item) => (
                        <li
                          key={item.id}
                          className="flex flex-wrap items-center gap-3 rounded-lg border p-3 text-sm"
                          data-testid="time-off-request"
                        >
                          <Badge variant={STATUS_VARIANTS[item.status]}>
                            {i18n._(STATUS_LABELS[item.status])}
                          </Badge>
                          <span className="font-medium">{item.typeName}</span>
                          <span className="tabular-nums">{formatRequestDates(item)}</span>
                          <span className="text-muted-foreground">{formatDays(item.daysX100)}</span>
                          {item.decisionComment && (
                            <span className="text-muted-foreground">“{item.decisionComment}”</span>
                          )}
                          {item.status === 'pending' && (
                            <Button
                              variant="ghost"
                              size="sm"
                              className="ml-auto"
                              disabled={cancel.isPending}
                              onClick={() => cancel.mutate(item.id)}
                            >
                              <Trans>Cancel</Trans>
                            </Button>
                          )}
                        </li>
                      ))}
                    </ul>
                  )}
                </CardContent>
              </Card>
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
