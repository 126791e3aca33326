import { Plural, Trans, useLingui } from '@lingui/react/macro';
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
function SignOffSentence({ sheet: { signOff, period } }: { sheet: TimesheetWithSignOff }) {
  const { t } = useLingui();
  const by = signOff.decidedByName || null;
  if (signOff.locked) {
    if (signOff.status !== 'approved')
      return t`The period is locked; an admin reopens it for changes.`;
    return by
      ? t`Approved by ${by}. The period is locked; an admin reopens it for changes.`
      : t`Approved. The period is locked; an admin reopens it for changes.`;
  }
  if (signOff.changedSinceSubmission)
    return t`Your hours changed since you submitted. Check them and submit again.`;
  const lastDay = period.end;
  switch (signOff.status) {
    case 'not_submitted':
      return signOff.canSubmit
        ? t`Check your hours, then submit them to your approver.`
        : t`You can submit from the period's last day, ${lastDay}.`;
    case 'submitted':
      return t`Waiting for your approver.`;
    case 'approved':
      return by ? t`Approved by ${by}.` : t`Approved.`;
    case 'returned':
      return by
        ? t`Returned by ${by}: fix what is asked, then submit again.`
        : t`Returned: fix what is asked, then submit again.`;
  }
}

/** The person's sign-off of the shown period: status, submit (with a confirmation), withdraw. */
export function SignOffPanel({ sheet }: { sheet: TimesheetWithSignOff }) {
  const { t } = useLingui();
  const { signOff, period, totals } = sheet;
  const periodText = formatPeriod(period);
  const worked = formatMinutes(totals.workedMinutes);
  const regular = formatMinutes(totals.regularMinutes);
  const findingCount = sheet.findings.length;
  const comment = signOff.comment;
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
    if (!confirmed) return setError(t`Confirm that these hours are complete and correct`);
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
          <Trans>Sign-off</Trans>
          <Badge
            variant={SIGN_OFF_VARIANTS[signOff.status]}
            data-testid="timesheet-sign-off-status"
          >
            {SIGN_OFF_LABELS[signOff.status]}
          </Badge>
          {signOff.locked && (
            <Badge variant="outline">
              <Trans>Locked</Trans>
            </Badge>
          )}
          {signOff.changedSinceSubmission && (
            <Badge variant="warning">
              <Trans>Changed</Trans>
            </Badge>
          )}
        </h3>
        <p className="text-muted-foreground">
          <SignOffSentence sheet={sheet} />
        </p>
        {signOff.status === 'returned' && comment && (
          <p data-testid="timesheet-sign-off-comment">
            <Trans>“{comment}”</Trans>
          </p>
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
            <Trans>Withdraw</Trans>
          </Button>
        )}
        {signOff.canSubmit && (
          <Button onClick={() => open(true)}>
            <Trans>Submit timesheet</Trans>
          </Button>
        )}
      </div>
      {!isOpen && <FieldError id="timesheet-sign-off-error" message={error} />}
      <Dialog open={isOpen} onOpenChange={open}>
        <DialogContent>
          <DialogTitle>
            <Trans>Submit timesheet</Trans>
          </DialogTitle>
          <DialogDescription>
            {findingCount > 0 ? (
              <Trans>
                {periodText}: {worked} worked, {regular} regular,{' '}
                <Plural
                  value={findingCount}
                  one="# labour-law finding"
                  other="# labour-law findings"
                />{' '}
                your managers will see.
              </Trans>
            ) : (
              <Trans>
                {periodText}: {worked} worked, {regular} regular.
              </Trans>
            )}
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
              <Trans>I confirm these hours are complete and correct</Trans>
            </label>
            <FieldError id="timesheet-submit-error" message={error} />
            <div className="flex justify-end gap-2">
              <DialogClose asChild>
                <Button type="button" variant="outline">
                  <Trans>Cancel</Trans>
                </Button>
              </DialogClose>
              <Button type="submit" disabled={mutation.isPending}>
                <Trans>Submit</Trans>
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </section>
  );
}
