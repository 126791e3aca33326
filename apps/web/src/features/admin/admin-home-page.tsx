import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { SCREENS, type ScreenPath } from '@punchclock/shared/domain/navigation';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { cn } from '@/lib/cn';
import { SCREEN_ICONS } from './admin-screen-icons';
import { adminOverviewQueryOptions } from './api';

function Stat({
  label,
  value,
  to,
  tone,
}: {
  label: string;
  value: number;
  to?: string;
  tone?: 'danger' | 'warning';
}) {
  const body = (
    <>
      <p className="text-sm text-muted-foreground">{label}</p>
      <p
        className={cn(
          'text-3xl font-semibold tabular-nums',
          tone === 'danger' && value > 0 && 'text-destructive',
          tone === 'warning' && value > 0 && 'text-warning',
        )}
      >
        {value}
      </p>
    </>
  );
  return to ? (
    <Link to={to} className="rounded-xl border bg-card p-4 hover:bg-muted">
      {body}
    </Link>
  ) : (
    <div className="rounded-xl border bg-card p-4">{body}</div>
  );
}

/** /admin: today at a glance, and the way to every admin screen. */
export default function AdminHomePage() {
  const { t } = useLingui();
  const overview = useQuery(adminOverviewQueryOptions);
  const today = overview.data?.today;
  const adminScreens = SCREENS.filter(
    (screen) => screen.path !== '/admin' && 'requiredRole' in screen,
  );

  return (
    <div className="mx-auto grid grid-cols-[minmax(0,1fr)] max-w-6xl gap-6">
      <div>
        <h1 className="text-2xl font-bold">
          <Trans>Admin</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          {today !== undefined ? t`Today at a glance · ${today}.` : t`Today at a glance.`}
        </p>
      </div>
      <QueryState query={overview}>
        {(data) => (
          <>
            <section aria-label={t`Right now`} className="grid grid-cols-2 gap-3 md:grid-cols-4">
              <Stat label={t`Working`} value={data.counts.working} to="/break-monitoring" />
              <Stat label={t`On break`} value={data.counts.onBreak} to="/break-monitoring" />
              <Stat label={t`At lunch`} value={data.counts.atLunch} to="/break-monitoring" />
              <Stat
                label={t`Over break limit`}
                value={data.counts.overLimit}
                to="/break-monitoring"
                tone="danger"
              />
              <Stat label={t`Clocked out`} value={data.counts.clockedOut} />
              <Stat label={t`Not yet in`} value={data.counts.notYetIn} to="/break-monitoring" />
              <Stat
                label={t`Late now`}
                value={data.counts.late}
                to="/break-monitoring"
                tone="warning"
              />
              <Stat
                label={t`Open approvals`}
                value={data.pendingApprovals}
                to="/time-approvals"
                tone="warning"
              />
            </section>
            <div className="grid gap-6 lg:grid-cols-2">
              <Card>
                <CardHeader>
                  <CardTitle>
                    <Trans>Late today</Trans>
                  </CardTitle>
                  <CardDescription>
                    <Trans>First clock-in after the shift start (grace included).</Trans>
                  </CardDescription>
                </CardHeader>
                <CardContent>
                  {data.lateToday.length === 0 ? (
                    <p className="text-sm text-muted-foreground">
                      <Trans>Nobody has been late today.</Trans>
                    </p>
                  ) : (
                    <ul className="grid gap-1 text-sm">
                      {data.lateToday.map((person) => {
                        const minutesLate = person.minutesLate;
                        return (
                          <li key={person.userId} className="flex justify-between gap-2">
                            <span>{person.name}</span>
                            <span className="tabular-nums text-muted-foreground">
                              {person.stillOut
                                ? t`${minutesLate} min · not in yet`
                                : t`${minutesLate} min`}
                            </span>
                          </li>
                        );
                      })}
                    </ul>
                  )}
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle>
                    <Trans>People</Trans>
                  </CardTitle>
                </CardHeader>
                <CardContent className="flex gap-6 text-sm">
                  <Link to="/users" className="hover:underline">
                    <span className="block text-2xl font-semibold tabular-nums">
                      {data.people.active}
                    </span>
                    <Trans>active</Trans>
                  </Link>
                  <Link to="/users" className="hover:underline">
                    <span className="block text-2xl font-semibold tabular-nums">
                      {data.people.suspended}
                    </span>
                    <Trans>suspended</Trans>
                  </Link>
                </CardContent>
              </Card>
            </div>
          </>
        )}
      </QueryState>
      <nav aria-label={t`Admin screens`} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {adminScreens.map((screen) => {
          const Icon = SCREEN_ICONS[screen.path as ScreenPath];
          return (
            <Link
              key={screen.path}
              to={screen.path}
              className="flex items-center gap-3 rounded-xl border bg-card p-4 font-medium hover:bg-muted"
            >
              <Icon className="size-5 text-primary" aria-hidden />
              {screen.title}
            </Link>
          );
        })}
      </nav>
    </div>
  );
}
