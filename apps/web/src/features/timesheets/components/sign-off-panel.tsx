import { useState, type FormEvent } from 'react';
import type { TimesheetWithSignOff } from '@punchclock/shared/contracts/timesheets';
import { formatMinutes } from '@punchclock/shared/domain/business-time';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { SIGN_OFF_LABELS, SIGN_OFF_VARIANTS, useSignOff } from '../sign-off-api';
import { formatPeriod } from '../timesheet-summary';

/** What the sign-off waits for, in a sentence. */
function describeSignOff({ signOff, period }: TimesheetWithSignOff): string {
  const by = signOff.decidedByName ? ` by ${signOff.decidedByName}` : '';
  if (signOff.locked)
    return `${signOff.status === 'approved' ? `Approved${by}. ` : ''}The period is locked; an admin reopens it for changes.`;
  if (signOff.changedSinceSubmission)
    return 'Your hours changed since you submitted. Check them and submit again.';
  switch (signOff.status) {
    case 'not_submitted':
      return signOff.canSubmit
        ? 'Check your hours, then submit them to your approver.'
        : `You can submit from the period's last day, ${period.end}.`;
    case 'submitted':
      return 'Waiting for your approver.';
    case 'approved':
      return `Approved${by}.`;
    case 'returned':
      return `Returned${by}: fix what is asked, then submit again.`;
  }
}

/** The person's sign-off of the shown period: status, submit (with a confirmation), withdraw. */
export function SignOffPanel({ sheet }: { sheet: TimesheetWithSignOff }) {
  const { signOff, period, totals } = sheet;
  const [isOpen, setOpen] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const mutation = useSignOff();
  const open = (next: boolean) => {
    setOpen(next);
    setConfirmed(false);
    setError(undefined);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed) return setError('Confirm that these hours are complete and correct');
    mutation.mutate(
      { action: 'submit', date: period.start },
      { onSuccess: () => open(false), onError: (failure) => setError(failure.message) },
    );
  };
  return (
    <section
      aria-labelledby="timesheet-sign-off"
      data-testid="timesheet-sign-off"
      className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3 text-sm"
    >
      <div className="grid gap-1">
        <h3 id="timesheet-sign-off" className="flex flex-wrap items-center gap-2 font-medium">
          Sign-off
          <Badge
            variant={SIGN_OFF_VARIANTS[signOff.status]}
            data-testid="timesheet-sign-off-status"
          >
            {SIGN_OFF_LABELS[signOff.status]}
          </Badge>
          {signOff.locked && <Badge variant="outline">Locked</Badge>}
          {signOff.changedSinceSubmission && <Badge variant="warning">Changed</Badge>}
        </h3>
        <p className="text-muted-foreground">{describeSignOff(sheet)}</p>
        {signOff.status === 'returned' && signOff.comment && (
          <p data-testid="timesheet-sign-off-comment">“{signOff.comment}”</p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {signOff.canWithdraw && (
          <Button
            variant="outline"
            disabled={mutation.isPending}
            onClick={() =>
              mutation.mutate(
                { action: 'withdraw', date: period.start },
                { onError: (failure) => setError(failure.message) },
              )
            }
          >
            Withdraw
          </Button>
        )}
        {signOff.canSubmit && <Button onClick={() => open(true)}>Submit timesheet</Button>}
      </div>
      {!isOpen && <FieldError id="timesheet-sign-off-error" message={error} />}
      <Dialog open={isOpen} onOpenChange={open}>
        <DialogContent>
          <DialogTitle>Submit timesheet</DialogTitle>
          <DialogDescription>
            {formatPeriod(period)}: {formatMinutes(totals.workedMinutes)} worked,{' '}
            {formatMinutes(totals.regularMinutes)} regular
            {sheet.findings.length > 0
              ? `, ${sheet.findings.length} labour-law finding${sheet.findings.length === 1 ? '' : 's'} your managers will see`
              : ''}
            .
          </DialogDescription>
          <form className="grid gap-4" onSubmit={onSubmit} noValidate>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-primary"
                checked={confirmed}
                aria-describedby={error ? 'timesheet-submit-error' : undefined}
                onChange={(event) => setConfirmed(event.target.checked)}
              />
              I confirm these hours are complete and correct
            </label>
            <FieldError id="timesheet-submit-error" message={error} />
            <div className="flex justify-end gap-2">
              <DialogClose asChild>
                <Button type="button" variant="outline">
                  Cancel
                </Button>
              </DialogClose>
              <Button type="submit" disabled={mutation.isPending}>
                Submit
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </section>
  );
}
