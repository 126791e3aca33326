import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { formatNumber } from '@punchclock/shared/i18n/format';
import { formatRelativeToNow } from '@/lib/relative-time';
import { approvalsQueryOptions, smeOverviewQueryOptions, useDecide } from './api';
import { ApprovalSummary } from './approval-row';
import { useSession } from '@/lib/session';

const KIND_LABELS: Record<'late' | 'overbreak' | 'missed_clock_out', MessageDescriptor> = {
  late: msg`Late`,
  overbreak: msg`Over break`,
  missed_clock_out: msg`Missed clock-out`,
};

/** /sme: what waits for a decision, and today's exceptions for the people covered. */
export default function SmeDashboardPage() {
  const { t, i18n } = useLingui();
  const { timeZone, user } = useSession();
  const overview = useQuery(smeOverviewQueryOptions);
  const queue = useQuery(approvalsQueryOptions({ status: 'pending' }));
  const decide = useDecide();
  const waiting = (queue.data?.items ?? [])
    .filter((item) => item.request.userId !== user?.id)
    .slice(0, 10);

  return (
    <div className="mx-auto grid grid-cols-[minmax(0,1fr)] max-w-6xl gap-6">
      <h1 className="text-2xl font-bold">
        <Trans>SME Dashboard</Trans>
      </h1>
      <QueryState query={overview}>
        {(data) => {
          const timeOff = formatNumber(data.pendingByType.time_off);
          const corrections = formatNumber(data.pendingByType.correction);
          const latePunches = formatNumber(data.pendingByType.late_punch);
          const shiftTrades = formatNumber(data.pendingByType.shift_trade);
          return (
            <section aria-label={t`At a glance`} className="grid grid-cols-2 gap-3 md:grid-cols-3">
              <Link to="/time-approvals" className="rounded-xl border bg-card p-4 hover:bg-muted">
                <p className="text-sm text-muted-foreground">
                  <Trans>Pending approvals</Trans>
                </p>
                <p className="text-3xl font-semibold tabular-nums" data-testid="pending-count">
                  {formatNumber(data.pendingCount)}
                </p>
                <p className="text-xs text-muted-foreground" data-testid="pending-by-type">
                  <Trans>
                    {timeOff} time off · {corrections} corrections · {latePunches} late punches ·{' '}
                    {shiftTrades} shift trades
                  </Trans>
                </p>
              </Link>
              <div className="rounded-xl border bg-card p-4">
                <p className="text-sm text-muted-foreground">
                  <Trans>Oldest waiting</Trans>
                </p>
                <p className="text-xl font-semibold">
                  {data.oldestPendingAt ? formatRelativeToNow(data.oldestPendingAt) : '—'}
                </p>
              </div>
              <div className="rounded-xl border bg-card p-4">
                <p className="text-sm text-muted-foreground">
                  <Trans>Need attention today</Trans>
                </p>
                <p className="text-3xl font-semibold tabular-nums">
                  {formatNumber(data.attention.length)}
                </p>
              </div>
            </section>
          );
        }}
      </QueryState>
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <Card>
          <CardHeader>
            <CardTitle>
              <Trans>Waiting for you</Trans>
            </CardTitle>
            <CardDescription>
              <Trans>Oldest first. Open Time Approvals for filters and bulk decisions.</Trans>
            </CardDescription>
          </CardHeader>
          <CardContent>
            {waiting.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                <Trans>Nothing waiting.</Trans>
              </p>
            ) : (
              <ul className="grid gap-2">
                {waiting.map((item) => (
                  <li
                    key={item.request.id}
                    className="flex flex-wrap items-center gap-3 rounded-lg border p-3"
                    data-testid="sme-approval"
                  >
                    <ApprovalSummary item={item} timeZone={timeZone} />
                    <span className="flex gap-2">
                      <Button
                        size="sm"
                        disabled={decide.isPending}
                        onClick={() =>
                          decide.mutate({
                            items: [{ type: item.type, id: item.request.id }],
                            decision: 'approve',
                          })
                        }
                      >
                        <Trans>Approve</Trans>
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={decide.isPending}
                        onClick={() =>
                          decide.mutate({
                            items: [{ type: item.type, id: item.request.id }],
                            decision: 'reject',
                          })
                        }
                      >
                        <Trans>Reject</Trans>
                      </Button>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>
              <Trans>Exceptions today</Trans>
            </CardTitle>
          </CardHeader>
          <CardContent>
            {overview.data?.attention.length ? (
              <ul className="grid gap-2 text-sm">
                {overview.data.attention.map((item) => (
                  <li
                    key={`${item.userId}-${item.kind}`}
                    className="flex items-center justify-between gap-2"
                  >
                    <span>{item.name}</span>
                    <span className="flex items-center gap-2 text-muted-foreground">
                      {item.detail}
                      <Badge variant={item.kind === 'late' ? 'warning' : 'destructive'}>
                        {i18n._(KIND_LABELS[item.kind])}
                      </Badge>
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">
                <Trans>Nothing needs attention.</Trans>
              </p>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
