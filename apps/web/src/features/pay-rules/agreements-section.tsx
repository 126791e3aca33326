import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { firstIssueMessage } from '@punchclock/shared/contracts/auth';
import {
  AGREEMENT_NOTE_MAX,
  endLabourAgreementInputSchema,
  LABOUR_AGREEMENT_KINDS,
  labourAgreementInputSchema,
  type LabourAgreement,
  type LabourAgreementKind,
} from '@punchclock/shared/contracts/pay-rules';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { QueryState } from '@/components/ui/query-state';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { Select } from '@/components/ui/select';
import { directoryQueryOptions } from '@/features/users';
import { agreementsQueryOptions, useCreateAgreement, useEndAgreement } from './agreements-api';
import { agreementKindLabel, agreementStatus, agreementStatusLabel } from './describe-agreement';
import { useBusinessToday } from '@/lib/session';

const cell = 'px-3 py-2 text-left align-top';

const STATUS_VARIANT = {
  'In force': 'success',
  Upcoming: 'outline',
  Ended: 'secondary',
} as const;

/** The "End" action of one agreement: the last day it applies. */
function EndAgreement({ agreement, today }: { agreement: LabourAgreement; today: string }) {
  const { t } = useLingui();
  const end = useEndAgreement();
  const [endDate, setEndDate] = useState(today < agreement.startDate ? agreement.startDate : today);
  const [error, setError] = useState<string | undefined>();
  const id = `agreement-end-${agreement.id}`;
  const who = agreement.personName ?? null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = endLabourAgreementInputSchema.safeParse({ endDate });
    if (!parsed.success) return setError(firstIssueMessage(parsed.error));
    setError(undefined);
    end.mutate(
      { id: agreement.id, endDate: parsed.data.endDate },
      { onError: (failure) => setError(failure.message) },
    );
  };

  return (
    <form
      className="grid gap-1"
      onSubmit={onSubmit}
      noValidate
      aria-label={who !== null ? t`End ${who}'s agreement` : t`End this person's agreement`}
    >
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="sr-only">
          {who !== null ? (
            <Trans>Last day of {who}&apos;s agreement</Trans>
          ) : (
            <Trans>Last day of this person&apos;s agreement</Trans>
          )}
        </label>
        <Input
          id={id}
          type="date"
          className="w-40"
          value={endDate}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setEndDate(event.target.value)}
        />
        <Button type="submit" variant="outline" size="sm" disabled={end.isPending}>
          <Trans context="verb">End</Trans>
        </Button>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </form>
  );
}

function AgreementList() {
  const { t } = useLingui();
  const agreements = useQuery(agreementsQueryOptions);
  const today = useBusinessToday();
  return (
    <QueryState query={agreements}>
      {(data) =>
        data.agreements.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>No agreements on file.</Trans>
          </p>
        ) : (
          <ScrollRegion label={t`Agreements on file`}>
            <table className="w-full text-sm" aria-label={t`Agreements on file`}>
              <thead className="border-b text-muted-foreground">
                <tr>
                  <th scope="col" className={cell}>
                    <Trans>Person</Trans>
                  </th>
                  <th scope="col" className={cell}>
                    <Trans>Agreement</Trans>
                  </th>
                  <th scope="col" className={cell}>
                    <Trans>From</Trans>
                  </th>
                  <th scope="col" className={cell}>
                    <Trans>To</Trans>
                  </th>
                  <th scope="col" className={cell}>
                    <Trans>Note</Trans>
                  </th>
                  <th scope="col" className={cell}>
                    <Trans>Status</Trans>
                  </th>
                  <th scope="col" className={cell}>
                    <Trans>End</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.agreements.map((agreement) => {
                  const status = agreementStatus(agreement, today);
                  const revokedBy = agreement.revokedByName ?? null;
                  return (
                    <tr key={agreement.id} className="border-b last:border-0">
                      <th scope="row" className={`${cell} font-medium`}>
                        {agreement.personName ?? '—'}
                      </th>
                      <td className={cell}>{agreementKindLabel(agreement.kind)}</td>
                      <td className={`${cell} tabular-nums`}>{agreement.startDate}</td>
                      <td className={`${cell} tabular-nums`}>{agreement.endDate ?? t`No end`}</td>
                      <td className={`${cell} max-w-xs break-words`}>{agreement.note ?? ''}</td>
                      <td className={cell}>
                        <Badge variant={STATUS_VARIANT[status]}>
                          {agreementStatusLabel(status)}
                        </Badge>
                        {agreement.revokedAt && (
                          <span className="block text-xs text-muted-foreground">
                            {revokedBy !== null ? (
                              <Trans>End set by {revokedBy}</Trans>
                            ) : (
                              <Trans>End set by an admin</Trans>
                            )}
                          </span>
                        )}
                      </td>
                      <td className={cell}>
                        {status !== 'Ended' && <EndAgreement agreement={agreement} today={today} />}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </ScrollRegion>
        )
      }
    </QueryState>
  );
}

function NewAgreementForm() {
  const { t } = useLingui();
  const directory = useQuery(directoryQueryOptions);
  const create = useCreateAgreement();
  const [userId, setUserId] = useState('');
  const [kind, setKind] = useState<LabourAgreementKind>('excess_weekly_hours');
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const noteMax = AGREEMENT_NOTE_MAX;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = labourAgreementInputSchema.safeParse({
      userId,
      kind,
      startDate,
      ...(endDate ? { endDate } : {}),
      ...(note.trim() ? { note } : {}),
    });
    if (!parsed.success) return setError(firstIssueMessage(parsed.error));
    setError(undefined);
    create.mutate(parsed.data, {
      onSuccess: () => {
        setStartDate('');
        setEndDate('');
        setNote('');
      },
      onError: (failure) => setError(failure.message),
    });
  };

  return (
    <form
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={onSubmit}
      noValidate
      aria-label={t`Add an agreement`}
    >
      <Field id="agreement-person" label={t`Person`}>
        <Select value={userId} onChange={(event) => setUserId(event.target.value)}>
          <option value="">{t`Choose a person`}</option>
          {directory.data?.users.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name ?? person.email}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="agreement-kind" label={t`Agreement`}>
        <Select
          value={kind}
          onChange={(event) => setKind(event.target.value as LabourAgreementKind)}
        >
          {LABOUR_AGREEMENT_KINDS.map((value) => (
            <option key={value} value={value}>
              {agreementKindLabel(value)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="agreement-from" label={t`From`}>
        <Input
          type="date"
          value={startDate}
          onChange={(event) => setStartDate(event.target.value)}
        />
      </Field>
      <Field id="agreement-to" label={t`To (optional)`} hint={t`The last day it applies`}>
        <Input type="date" value={endDate} onChange={(event) => setEndDate(event.target.value)} />
      </Field>
      <Field
        id="agreement-note"
        label={t`Note (optional)`}
        hint={t`Where the signed copy is, or anything payroll should know (up to ${noteMax} characters)`}
        className="grid gap-1 sm:col-span-2"
      >
        <textarea
          className="min-h-20 w-full rounded-md border border-input bg-card px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring"
          maxLength={AGREEMENT_NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </Field>
      <div className="sm:col-span-2">
        <FieldError id="agreement-form-error" message={error} />
      </div>
      <div className="flex justify-end sm:col-span-2">
        <Button type="submit" disabled={create.isPending}>
          <Trans>Add agreement</Trans>
        </Button>
      </div>
    </form>
  );
}

/**
 * Agreements on file (docs/decisions/0020): a person's written agreement to work more than 48
 * hours a week. A work week an agreement covers from its first to its last day is not flagged on
 * the timesheet.
 */
export function AgreementsSection() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Agreements on file</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            With a written agreement covering a whole work week, working more than 48 hours that
            week is not flagged on the person&apos;s timesheet. Ending an agreement keeps it in the
            history.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <AgreementList />
        <NewAgreementForm />
      </CardContent>
    </Card>
  );
}
