import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Check, Lock, Undo2, Unlock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { TimesheetPeriodRow } from '@punchclock/shared/contracts/timesheets';
import { formatMinutes } from '@punchclock/shared/domain/business-time';
import { getRoleFlags } from '@punchclock/shared/domain/roles';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PeriodStepper } from '@/components/ui/period-stepper';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, minutesColumn, type DataColumn } from '@/components/ui/data-table';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { QueryState } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-client';
import {
  periodOverviewQueryOptions,
  SIGN_OFF_LABELS,
  SIGN_OFF_VARIANTS,
  useApprovePeriod,
  useDecideTimesheet,
  useReopenPeriod,
} from '../sign-off-api';
import { formatPeriod } from '../timesheet-summary';
import { useSession } from '@/lib/session';

/** A comment in quotation marks, as the reader's language writes them. */
function Quoted({ text: comment }: { text: string }) {
  return <Trans>“{comment}”</Trans>;
}

/** Return one person's timesheet with a comment (the comment is required). */
function ReturnDialog({
  row,
  date,
  onClose,
}: {
  row: TimesheetPeriodRow | null;
  date: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | undefined>();
  const decide = useDecideTimesheet();
  if (!row) return null;
  const name = row.person.name;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!comment.trim()) return setError(t`Say why the timesheet is returned`);
    decide.mutate(
      { userId: row.person.id, date, decision: 'return', comment },
      { onSuccess: onClose, onError: (failure) => setError(failure.message) },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>
          <Trans>Return timesheet</Trans>
        </DialogTitle>
        <DialogDescription>
          <Trans>{name} sees your comment and can submit again.</Trans>
        </DialogDescription>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <Field id="timesheet-return-comment" label={t`What needs fixing?`} error={error}>
            <Input
              value={comment}
              maxLength={500}
              onChange={(event) => setComment(event.target.value)}
            />
          </Field>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                <Trans>Cancel</Trans>
              </Button>
            </DialogClose>
            <Button type="submit" disabled={decide.isPending}>
              <Trans>Return</Trans>
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Approve every submitted timesheet of the period and lock it. The server refuses, naming who
 * is not approved, until the admin confirms locking without them.
 */
function ApprovePeriodDialog({
  period,
  date,
  onClose,
}: {
  period: { start: string; end: string };
  date: string;
  onClose: () => void;
}) {
  const approve = useApprovePeriod();
  const periodText = formatPeriod(period);
  const [incomplete, setIncomplete] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const run = (force: boolean) =>
    approve.mutate(
      { date, force },
      {
        onSuccess: onClose,
        onError: (failure) => {
          if (failure instanceof ApiError && failure.code === 'period_incomplete')
            setIncomplete(failure.message);
          else setError(failure.message);
        },
      },
    );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogTitle>
          <Trans>Approve and lock {periodText}</Trans>
        </DialogTitle>
        <DialogDescription>
          <Trans>
            Every submitted timesheet is approved, then the period is locked: no punches,
            corrections or time off change in it until an admin reopens it.
          </Trans>
        </DialogDescription>
        {incomplete && (
          <p role="alert" className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
            {incomplete}
          </p>
        )}
        <FieldError id="approve-period-error" message={error} />
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button type="button" variant="outline">
              <Trans>Cancel</Trans>
            </Button>
          </DialogClose>
          {incomplete ? (
            <Button variant="destructive" disabled={approve.isPending} onClick={() => run(true)}>
              <Lock aria-hidden /> <Trans>Lock without them</Trans>
            </Button>
          ) : (
            <Button disabled={approve.isPending} onClick={() => run(false)}>
              <Lock aria-hidden /> <Trans>Approve and lock</Trans>
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** Managers' screen: a pay period's timesheets, approve or return each, approve and lock. */
export default function TimesheetsPage() {
  const { t } = useLingui();
  const { user } = useSession();
  const isAdmin = getRoleFlags(user?.role).isAdmin;
  // undefined = the period containing today (the server's business day).
  const [date, setDate] = useState<string | undefined>(undefined);
  const [returning, setReturning] = useState<TimesheetPeriodRow | null>(null);
  const [approvingPeriod, setApprovingPeriod] = useState(false);
  const overview = useQuery(periodOverviewQueryOptions(date));
  const decide = useDecideTimesheet();
  const reopen = useReopenPeriod();
  const period = overview.data?.period;
  const periodDate = date ?? period?.start ?? '';
  const periodText = period ? formatPeriod(period) : null;

  const columns: DataColumn<TimesheetPeriodRow>[] = [
    {
      id: 'person',
      header: t`Person`,
      isRowHeader: true,
      cell: (row) => (
        <span className="grid">
          <span className="font-medium">{row.person.name}</span>
          {row.teamName && <span className="text-xs text-muted-foreground">{row.teamName}</span>}
        </span>
      ),
    },
    {
      id: 'status',
      header: t`Status`,
      cell: (row) => (
        <span className="grid gap-1">
          <span className="flex flex-wrap gap-1">
            <Badge variant={SIGN_OFF_VARIANTS[row.signOff.status]}>
              {SIGN_OFF_LABELS[row.signOff.status]}
            </Badge>
            {row.signOff.changedSinceSubmission && (
              <Badge variant="warning">
                <Trans>Changed since submitted</Trans>
              </Badge>
            )}
          </span>
          {row.signOff.status === 'returned' && row.signOff.comment && (
            <span className="text-xs text-muted-foreground">
              <Quoted text={row.signOff.comment} />
            </span>
          )}
        </span>
      ),
    },
    minutesColumn('worked', t`Worked`, (row) => row.totals.workedMinutes),
    minutesColumn('regular', t`Regular`, (row) => row.totals.regularMinutes),
    minutesColumn('overtime', t`Overtime`, (row) => row.totals.overtimeMinutes),
    {
      id: 'findings',
      header: t`Findings`,
      className: 'tabular-nums',
      cell: (row) =>
        row.totals.findingsCount > 0 ? (
          <Badge variant="warning">{row.totals.findingsCount}</Badge>
        ) : (
          '0'
        ),
    },
    {
      id: 'actions',
      header: t`Actions`,
      isActions: true,
      cell: (row) => {
        const name = row.person.name;
        return row.canDecide ? (
          <span className="flex flex-wrap gap-2">
            {row.signOff.status === 'submitted' && !row.signOff.changedSinceSubmission && (
              <Button
                size="sm"
                aria-label={t`Approve timesheet of ${name}`}
                disabled={decide.isPending}
                onClick={() =>
                  decide.mutate({ userId: row.person.id, date: periodDate, decision: 'approve' })
                }
              >
                <Check aria-hidden /> <Trans>Approve</Trans>
              </Button>
            )}
            <Button
              size="sm"
              variant="outline"
              aria-label={t`Return timesheet of ${name}`}
              onClick={() => setReturning(row)}
            >
              <Undo2 aria-hidden /> <Trans>Return</Trans>
            </Button>
          </span>
        ) : null;
      },
    },
  ];

  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold">
        <Trans>Timesheets</Trans>
      </h1>
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle>
              <Trans>Pay period</Trans>
            </CardTitle>
            <CardDescription data-testid="timesheets-period" aria-live="polite">
              {periodText === null
                ? t`Loading…`
                : overview.data?.locked
                  ? t`${periodText} · Locked`
                  : periodText}
            </CardDescription>
          </div>
          <div className="flex flex-wrap gap-2">
            <PeriodStepper period={period} onDate={setDate} disabled={overview.isFetching} />
            {isAdmin && overview.data?.canApprovePeriod && (
              <Button onClick={() => setApprovingPeriod(true)}>
                <Lock aria-hidden /> <Trans>Approve and lock period</Trans>
              </Button>
            )}
            {isAdmin && overview.data?.lockId && (
              <Button
                variant="outline"
                disabled={reopen.isPending}
                onClick={() => overview.data?.lockId && reopen.mutate(overview.data.lockId)}
              >
                <Unlock aria-hidden /> <Trans>Reopen period</Trans>
              </Button>
            )}
          </div>
        </CardHeader>
        <CardContent className="grid gap-4">
          <QueryState query={overview}>
            {(data) => {
              const submitted = data.people.filter(
                (row) => row.signOff.status === 'submitted',
              ).length;
              const approved = data.people.filter(
                (row) => row.signOff.status === 'approved',
              ).length;
              const people = data.people.length;
              const worked = formatMinutes(
                data.people.reduce((sum, row) => sum + row.totals.workedMinutes, 0),
              );
              return (
                <>
                  <p className="text-sm text-muted-foreground">
                    <Trans>
                      {people} people · {submitted} waiting · {approved} approved · {worked} worked
                    </Trans>
                  </p>
                  <DataTable
                    label={t`Timesheets of the pay period`}
                    columns={columns}
                    rows={data.people}
                    rowKey={(row) => row.person.id}
                    rowTestId="timesheets-row"
                    emptyMessage={t`Nobody to show for this pay period.`}
                  />
                </>
              );
            }}
          </QueryState>
        </CardContent>
      </Card>
      <ReturnDialog
        key={returning?.person.id ?? 'none'}
        row={returning}
        date={periodDate}
        onClose={() => setReturning(null)}
      />
      {approvingPeriod && period && (
        <ApprovePeriodDialog
          period={period}
          date={period.start}
          onClose={() => setApprovingPeriod(false)}
        />
      )}
    </div>
  );
}
