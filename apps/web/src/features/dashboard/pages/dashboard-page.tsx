import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, ClipboardCheck, History, LogOut, ShieldCheck } from 'lucide-react';
import type { TodayResponse } from '@punchclock/shared/contracts/time-tracking';
import { formatShiftHours } from '@punchclock/shared/domain/schedule';
import { Link } from 'react-router';
import { getRoleFlags } from '@punchclock/shared/domain/roles';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { CardSkeleton, Skeleton } from '@/components/ui/skeleton';
import { approvalSettingsQueryOptions } from '@/features/approvals';
import { useSignOut } from '@/features/auth';
import {
  LiveTimerBanner,
  TimeTrackerCard,
  TodaysActivityCard,
  TodaySummaryCard,
  useBreakTimer,
  useRecordTimeEvent,
  useTodayView,
} from '@/features/time-tracking';
import { useSession } from '@/lib/session';

function TodayShiftLine({ shift }: { shift: TodayResponse['todayShift'] }) {
  const { t } = useLingui();
  const templateName = shift?.templateName;
  const hours = shift?.isWorkingDay ? formatShiftHours(shift) : '';
  const text = !shift
    ? t`No schedule today`
    : shift.isWorkingDay
      ? t`Today: ${templateName} ${hours}`
      : t`Today: day off (${templateName})`;
  return (
    <p className="mt-1 flex items-center gap-1.5 text-sm font-medium" data-testid="today-shift">
      <CalendarDays className="size-4 text-muted-foreground" aria-hidden />
      {text}
    </p>
  );
}

export default function DashboardPage() {
  const { user, timeZone } = useSession();
  const signOut = useSignOut();
  const today = useTodayView(user?.id ?? '');
  const record = useRecordTimeEvent(
    user?.id ?? '',
    today.state,
    today.query.data?.locationMode ?? 'off',
  );
  const breakLimit = today.query.data?.breakLimitMinutes ?? 15;
  const lunchLimit = today.query.data?.lunchLimitMinutes ?? 30;
  useBreakTimer(today.state, today.stateSince, breakLimit);
  // Team leads reach Time Approvals from here when an admin lets them approve their team.
  const leadApprovals = useQuery({
    ...approvalSettingsQueryOptions,
    enabled: user?.role === 'team_lead',
  });

  if (!user) return null;
  const { isAdmin } = getRoleFlags(user.role);
  const canLeadApprove = leadApprovals.data?.teamLeadsApproveTheirTeam === true;
  const limitForState =
    today.state === 'break' ? breakLimit : today.state === 'lunch' ? lunchLimit : null;

  return (
    <div className="mx-auto grid grid-cols-[minmax(0,1fr)] max-w-5xl gap-6">
      <section className="flex flex-wrap items-center justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold">Punchclock</h1>
          <p className="truncate text-sm text-muted-foreground" data-testid="dashboard-email">
            {user.email}
          </p>
          {today.query.data && <TodayShiftLine shift={today.query.data.todayShift} />}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <Link to="/attendance-history">
              <History aria-hidden />
              <Trans>History</Trans>
            </Link>
          </Button>
          {canLeadApprove && (
            <Button variant="outline" asChild>
              <Link to="/time-approvals">
                <ClipboardCheck aria-hidden />
                <Trans>Approvals</Trans>
              </Link>
            </Button>
          )}
          {isAdmin && (
            <Button variant="outline" asChild>
              <Link to="/admin">
                <ShieldCheck aria-hidden />
                <Trans>Admin</Trans>
              </Link>
            </Button>
          )}
          <Button variant="outline" onClick={() => signOut.mutate(undefined)}>
            <LogOut aria-hidden />
            <Trans>Sign Out</Trans>
          </Button>
        </div>
      </section>

      {today.query.isPending ? (
        <>
          <Skeleton className="h-20 w-full rounded-xl" />
          <div className="grid gap-6 lg:grid-cols-2">
            <CardSkeleton />
            <CardSkeleton />
          </div>
        </>
      ) : today.query.isError && !today.query.data ? (
        <Card>
          <CardContent className="pt-6 text-destructive">{today.query.error.message}</CardContent>
        </Card>
      ) : (
        <>
          <LiveTimerBanner
            state={today.state}
            stateSince={today.stateSince}
            limitMinutes={limitForState}
          />
          <div className="grid gap-6 lg:grid-cols-2">
            <TimeTrackerCard
              state={today.state}
              lastEvent={today.events.at(-1)}
              breakLimitMinutes={breakLimit}
              lunchLimitMinutes={lunchLimit}
              timeZone={timeZone}
              isBusy={record.isPending}
              onRecord={(eventType) => record.mutate(eventType)}
            />
            <TodaysActivityCard events={today.events} timeZone={timeZone} />
          </div>
          <TodaySummaryCard events={today.events} date={today.query.data?.date ?? ''} />
        </>
      )}
    </div>
  );
}
