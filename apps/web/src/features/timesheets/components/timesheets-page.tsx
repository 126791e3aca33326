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
import { useSession } from '@/features/auth';
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
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | undefined>();
  const decide = useDecideTimesheet();
  if (!row) return null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!comment.trim()) return setError('Say why the timesheet is returned');
    decide.mutate(
      { userId: row.person.id, date, decision: 'return', comment },
      { onSuccess: onClose, onError: (failure) => setError(failure.message) },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Return timesheet</DialogTitle>
        <DialogDescription>
          {row.person.name} sees your comment and can submit again.
        </DialogDescription>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <Field id="timesheet-return-comment" label="What needs fixing?" error={error}>
            <Input
              value={comment}
              maxLength={500}
              onChange={(event) => setComment(event.target.value)}
            />
          </Field>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={decide.isPending}>
              Return
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
        <DialogTitle>Approve and lock {formatPeriod(period)}</DialogTitle>
        <DialogDescription>
          Every submitted timesheet is approved, then the period is locked: no punches, corrections
          or time off change in it until an admin reopens it.
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
              Cancel
            </Button>
          </DialogClose>
          {incomplete ? (
            <Button variant="destructive" disabled={approve.isPending} onClick={() => run(true)}>
              <Lock aria-hidden /> Lock without them
            </Button>
          ) : (
            <Button disabled={approve.isPending} onClick={() => run(false)}>
              <Lock aria-hidden /> Approve and lock
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** Managers' screen: a pay period's timesheets, approve or return each, approve and lock. */
export default function TimesheetsPage() {
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

  const columns: DataColumn<TimesheetPeriodRow>[] = [
    {
      id: 'person',
      header: 'Person',
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
      header: 'Status',
      cell: (row) => (
        <span className="grid gap-1">
          <span className="flex flex-wrap gap-1">
            <Badge variant={SIGN_OFF_VARIANTS[row.signOff.status]}>
              {SIGN_OFF_LABELS[row.signOff.status]}
            </Badge>
            {row.signOff.changedSinceSubmission && (
              <Badge variant="warning">Changed since submitted</Badge>
            )}
          </span>
          {row.signOff.status === 'returned' && row.signOff.comment && (
            <span className="text-xs text-muted-foreground">“{row.signOff.comment}”</span>
          )}
        </span>
      ),
    },
    minutesColumn('worked', 'Worked', (row) => row.totals.workedMinutes),
    minutesColumn('regular', 'Regular', (row) => row.totals.regularMinutes),
    minutesColumn('overtime', 'Overtime', (row) => row.totals.overtimeMinutes),
    {
      id: 'findings',
      header: 'Findings',
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
      header: 'Actions',
      isActions: true,
      cell: (row) =>
        row.canDecide ? (
          <span className="flex flex-wrap gap-2">
            {row.signOff.status === 'submitted' && !row.signOff.changedSinceSubmission && (
              <Button
                size="sm"
                aria-label={`Approve timesheet of ${row.person.name}`}
                disabled={decide.isPending}
                onClick={() =>
                  decide.mutate({ userId: row.person.id, date: periodDate, decision: 'approve' })
                }
              >
                <Check aria-hidden /> Approve
              </Button>
            )}
            <Button
              size="sm"
              variant="outline"
              aria-label={`Return timesheet of ${row.person.name}`}
              onClick={() => setReturning(row)}
            >
              <Undo2 aria-hidden /> Return
            </Button>
          </span>
        ) : null,
    },
  ];

  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold">Timesheets</h1>
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle>Pay period</CardTitle>
            <CardDescription data-testid="timesheets-period" aria-live="polite">
              {period ? formatPeriod(period) : 'Loading…'}
              {overview.data?.locked ? ' · Locked' : ''}
            </CardDescription>
          </div>
          <div className="flex flex-wrap gap-2">
            <PeriodStepper period={period} onDate={setDate} disabled={overview.isFetching} />
            {isAdmin && overview.data?.canApprovePeriod && (
              <Button onClick={() => setApprovingPeriod(true)}>
                <Lock aria-hidden /> Approve and lock period
              </Button>
            )}
            {isAdmin && overview.data?.lockId && (
              <Button
                variant="outline"
                disabled={reopen.isPending}
                onClick={() => overview.data?.lockId && reopen.mutate(overview.data.lockId)}
              >
                <Unlock aria-hidden /> Reopen period
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
              const worked = data.people.reduce((sum, row) => sum + row.totals.workedMinutes, 0);
              return (
                <>
                  <p className="text-sm text-muted-foreground">
                    {data.people.length} people · {submitted} waiting · {approved} approved ·{' '}
                    {formatMinutes(worked)} worked
                  </p>
                  <DataTable
                    label="Timesheets of the pay period"
                    columns={columns}
                    rows={data.people}
                    rowKey={(row) => row.person.id}
                    rowTestId="timesheets-row"
                    emptyMessage="Nobody to show for this pay period."
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
