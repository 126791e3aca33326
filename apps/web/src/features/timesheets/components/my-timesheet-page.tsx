import { Trans, useLingui } from '@lingui/react/macro';
import { useSession } from '@/lib/session';
import { TimesheetCard } from './timesheet-card';

/**
 * /my-timesheet: the signed-in person's timesheet, found by that name (#33 part 6) — the same
 * card Attendance shows above the person's days.
 */
export default function MyTimesheetPage() {
  const { t } = useLingui();
  const { timeZone } = useSession();
  return (
    <div className="mx-auto grid grid-cols-[minmax(0,1fr)] max-w-6xl gap-6">
      <div>
        <h1 className="text-2xl font-bold">
          <Trans>My Timesheet</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>Your hours, breaks and overtime for each pay period, and its sign-off.</Trans>
        </p>
      </div>
      <TimesheetCard timeZone={timeZone} title={t`Pay period`} />
    </div>
  );
}
