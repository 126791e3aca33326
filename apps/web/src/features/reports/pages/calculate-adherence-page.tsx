import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { firstIssueMessage } from '@punchclock/shared/contracts/auth';
import { recomputeRequestSchema } from '@punchclock/shared/contracts/reports';
import { shiftDate } from '@punchclock/shared/domain/business-time';
import { formatNumber } from '@punchclock/shared/i18n/format';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { directoryQueryOptions } from '@/features/users';
import { recomputeRunsQueryOptions, useStartRecompute } from '../api';
import { AdherenceDefinitions } from '../components/definitions';
import { useBusinessToday } from '@/lib/session';

/** /calculate-adherence: recompute a range for everyone or one person, with progress. */
export default function CalculateAdherencePage() {
  const { t } = useLingui();
  const today = useBusinessToday();
  const [from, setFrom] = useState(shiftDate(today, -30));
  const [to, setTo] = useState(today);
  const [userId, setUserId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const people = useQuery(directoryQueryOptions);
  const runs = useQuery(recomputeRunsQueryOptions);
  const start = useStartRecompute();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = { from, to, userIds: userId ? [userId] : undefined };
    const parsed = recomputeRequestSchema.safeParse(input);
    if (!parsed.success) return setError(firstIssueMessage(parsed.error));
    setError(undefined);
    start.mutate(input, { onError: (failure) => setError(failure.message) });
  };

  return (
    <div className="mx-auto grid grid-cols-[minmax(0,1fr)] max-w-4xl gap-6">
      <div>
        <h1 className="text-2xl font-bold">
          <Trans>Calculate Adherence</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>
            Days are recalculated automatically when punches or schedules change. Recalculate a
            range by hand after changing rules or importing data.
          </Trans>
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Recalculate</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>Up to 366 days at a time.</Trans>
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form
            className="grid gap-4 sm:grid-cols-[1fr_1fr_2fr_auto] sm:items-end"
            onSubmit={onSubmit}
            noValidate
          >
            <Field id="recompute-from" label={t`From`}>
              <Input type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
            </Field>
            <Field id="recompute-to" label={t`To`}>
              <Input type="date" value={to} onChange={(event) => setTo(event.target.value)} />
            </Field>
            <Field id="recompute-person" label={t`People`}>
              <Select value={userId} onChange={(event) => setUserId(event.target.value)}>
                <option value="">{t`Everyone`}</option>
                {people.data?.users.map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.name ?? person.email}
                  </option>
                ))}
              </Select>
            </Field>
            <Button type="submit" disabled={start.isPending}>
              <Trans>Recalculate</Trans>
            </Button>
          </form>
          <FieldError id="recompute-error" message={error} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Recent recalculations</Trans>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {runs.data?.runs.length ? (
            <ul className="grid gap-3">
              {runs.data.runs.map((run) => {
                const percentDone =
                  run.totalDays > 0 ? Math.round((run.doneDays / run.totalDays) * 100) : 100;
                const runError = run.error;
                const fromDate = run.fromDate;
                const toDate = run.toDate;
                const percent = formatNumber(percentDone);
                return (
                  <li key={run.id} className="grid gap-1 text-sm" data-testid="recompute-run">
                    <div className="flex flex-wrap justify-between gap-2">
                      <span>
                        {run.fromDate} → {run.toDate}
                      </span>
                      <span className="text-muted-foreground">
                        {run.status === 'failed'
                          ? t`Failed: ${runError}`
                          : run.status === 'done'
                            ? t`Done`
                            : t`${percent}%`}
                      </span>
                    </div>
                    <div
                      role="progressbar"
                      aria-label={t`Recalculation ${fromDate} to ${toDate}`}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={percentDone}
                      className="h-2 overflow-hidden rounded-full bg-muted"
                    >
                      <div
                        className={
                          run.status === 'failed'
                            ? 'h-full bg-destructive'
                            : 'h-full bg-primary transition-[width]'
                        }
                        style={{ width: `${percentDone}%` }}
                      />
                    </div>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">
              <Trans>None yet.</Trans>
            </p>
          )}
        </CardContent>
      </Card>
      <AdherenceDefinitions />
    </div>
  );
}
