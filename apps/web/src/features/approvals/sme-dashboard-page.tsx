import { useQuery } from '@tanstack/react-query';
import { formatDistanceToNowStrict } from 'date-fns';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { useSession } from '@/features/auth';
import { approvalsQueryOptions, smeOverviewQueryOptions, useDecide } from './api';
import { ApprovalSummary } from './approval-row';

const KIND_LABELS = {
  late: 'Late',
  overbreak: 'Over break',
  missed_clock_out: 'Missed clock-out',
} as const;

/** /sme: what waits for a decision, and today's exceptions for the people covered. */
export default function SmeDashboardPage() {
  const { timeZone, user } = useSession();
  const overview = useQuery(smeOverviewQueryOptions);
  const queue = useQuery(approvalsQueryOptions({ status: 'pending' }));
  const decide = useDecide();
  const waiting = (queue.data?.items ?? [])
    .filter((item) => item.request.userId !== user?.id)
    .slice(0, 10);

  return (
    <div className="mx-auto grid grid-cols-[minmax(0,1fr)] max-w-6xl gap-6">
      <h1 className="text-2xl font-bold">SME Dashboard</h1>
      <QueryState query={overview}>
        {(data) => (
          <section aria-label="At a glance" className="grid grid-cols-2 gap-3 md:grid-cols-3">
            <Link to="/time-approvals" className="rounded-xl border bg-card p-4 hover:bg-muted">
              <p className="text-sm text-muted-foreground">Pending approvals</p>
              <p className="text-3xl font-semibold tabular-nums" data-testid="pending-count">
                {data.pendingCount}
              </p>
              <p className="text-xs text-muted-foreground" data-testid="pending-by-type">
                {data.pendingByType.time_off} time off · {data.pendingByType.correction} corrections
                · {data.pendingByType.late_punch} late punches
              </p>
            </Link>
            <div className="rounded-xl border bg-card p-4">
              <p className="text-sm text-muted-foreground">Oldest waiting</p>
              <p className="text-xl font-semibold">
                {data.oldestPendingAt
                  ? formatDistanceToNowStrict(new Date(data.oldestPendingAt), {
                      addSuffix: true,
                    })
                  : '—'}
              </p>
            </div>
            <div className="rounded-xl border bg-card p-4">
              <p className="text-sm text-muted-foreground">Need attention today</p>
              <p className="text-3xl font-semibold tabular-nums">{data.attention.length}</p>
            </div>
          </section>
        )}
      </QueryState>
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <Card>
          <CardHeader>
            <CardTitle>Waiting for you</CardTitle>
            <CardDescription>
              Oldest first. Open Time Approvals for filters and bulk decisions.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {waiting.length === 0 ? (
              <p className="text-sm text-muted-foreground">Nothing waiting.</p>
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
                        Approve
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
                        Reject
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
            <CardTitle>Exceptions today</CardTitle>
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
                        {KIND_LABELS[item.kind]}
                      </Badge>
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">Nothing needs attention.</p>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
