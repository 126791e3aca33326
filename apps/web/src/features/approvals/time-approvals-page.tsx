import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Check, Lock, Unlock, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { type ApprovalItemType } from '@punchclock/shared/contracts/approvals';
import { getRoleFlags } from '@punchclock/shared/domain/roles';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { ErrorMessage, QueryState } from '@/components/ui/query-state';
import { Select } from '@/components/ui/select';
import { ApiError } from '@/lib/api-client';
import {
  approvalSettingsQueryOptions,
  approvalsQueryOptions,
  periodLocksQueryOptions,
  useDecide,
  usePeriodLockMutations,
} from './api';
import { ApprovalSummary } from './approval-row';
import { useSession } from '@/lib/session';

/** Who locked a period, or who reopened it. */
function describeLock(item: {
  reopenedAt: string | null;
  reopenedByName: string | null;
  lockedByName: string | null;
}): string {
  if (item.reopenedAt) {
    const name = item.reopenedByName;
    return name ? t`reopened by ${name}` : t`reopened by someone`;
  }
  const name = item.lockedByName;
  return name ? t`locked by ${name}` : t`locked by someone`;
}

function PeriodLocks() {
  const { t } = useLingui();
  const locks = useQuery(periodLocksQueryOptions);
  const settings = useQuery(approvalSettingsQueryOptions);
  const [fromDate, setFromDate] = useState('');
  const [toDate, setToDate] = useState('');
  const { lock, reopen, saveSetting } = usePeriodLockMutations();
  const onLock = (event: FormEvent) => {
    event.preventDefault();
    lock.mutate({ fromDate, toDate });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Pay periods and who approves</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            A locked period accepts no new corrections or time off until an admin reopens it.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={settings.data?.teamLeadsApproveTheirTeam ?? false}
            onChange={(event) => saveSetting.mutate(event.target.checked)}
          />
          <Trans>Team leads may approve requests from their own team</Trans>
        </label>
        <form className="flex flex-wrap items-end gap-3" onSubmit={onLock}>
          <Field id="lock-from" label={t`From`}>
            <Input
              type="date"
              required
              value={fromDate}
              onChange={(event) => setFromDate(event.target.value)}
            />
          </Field>
          <Field id="lock-to" label={t`To`}>
            <Input
              type="date"
              required
              value={toDate}
              min={fromDate}
              onChange={(event) => setToDate(event.target.value)}
            />
          </Field>
          <Button type="submit" variant="outline" disabled={lock.isPending || !fromDate || !toDate}>
            <Lock aria-hidden /> <Trans>Lock period</Trans>
          </Button>
        </form>
        <ul className="grid gap-1 text-sm">
          {locks.data?.locks.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center gap-2">
              <span className="tabular-nums">
                {item.fromDate} → {item.toDate}
              </span>
              <span className="text-muted-foreground">{describeLock(item)}</span>
              {!item.reopenedAt && (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => reopen.mutate(item.id)}
                  disabled={reopen.isPending}
                >
                  <Unlock aria-hidden /> <Trans>Reopen</Trans>
                </Button>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

export default function TimeApprovalsPage() {
  const { t } = useLingui();
  const { timeZone, user } = useSession();
  const [type, setType] = useState('');
  const [status, setStatus] = useState('pending');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [comment, setComment] = useState('');
  const queue = useQuery(approvalsQueryOptions({ type, status }));
  const decide = useDecide();
  const items = queue.data?.items ?? [];
  const decidable = items.filter(
    (item) => item.request.status === 'pending' && item.request.userId !== user?.id,
  );

  const run = (decision: 'approve' | 'reject', only?: { type: ApprovalItemType; id: string }) => {
    const chosen = only
      ? [only]
      : decidable
          .filter((item) => selected.has(item.request.id))
          .map((item) => ({ type: item.type, id: item.request.id }));
    if (chosen.length === 0) return;
    decide.mutate(
      { items: chosen, decision, comment: comment || undefined },
      { onSuccess: () => setSelected(new Set()) },
    );
  };
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };

  return (
    <div className="mx-auto grid grid-cols-[minmax(0,1fr)] max-w-6xl gap-6">
      <div>
        <h1 className="text-2xl font-bold">
          <Trans>Time Approvals</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>
            Time off, corrections, punches recorded late and shift trades waiting for a decision.
            Nobody decides their own.
          </Trans>
        </p>
      </div>
      <Card>
        <CardContent className="grid gap-4 pt-6">
          <div className="flex flex-wrap items-end gap-3">
            <Field id="approval-type" label={t`Type`}>
              <Select
                className="w-40"
                value={type}
                onChange={(event) => setType(event.target.value)}
              >
                <option value="">{t`All`}</option>
                <option value="time_off">{t`Time off`}</option>
                <option value="correction">{t`Corrections`}</option>
                <option value="late_punch">{t`Late punches`}</option>
                <option value="shift_trade">{t`Shift trades`}</option>
              </Select>
            </Field>
            <Field id="approval-status" label={t`Status`}>
              <Select
                className="w-40"
                value={status}
                onChange={(event) => setStatus(event.target.value)}
              >
                <option value="pending">{t`Pending`}</option>
                <option value="approved">{t`Approved`}</option>
                <option value="rejected">{t`Rejected`}</option>
                <option value="cancelled">{t`Cancelled`}</option>
              </Select>
            </Field>
            <Field
              id="approval-comment"
              label={t`Comment for the decision (optional)`}
              className="grid min-w-56 flex-1 gap-1"
            >
              <Input
                value={comment}
                maxLength={500}
                onChange={(event) => setComment(event.target.value)}
              />
            </Field>
            <Button
              disabled={selected.size === 0 || decide.isPending}
              onClick={() => run('approve')}
            >
              <Check aria-hidden /> <Trans>Approve selected</Trans>
            </Button>
            <Button
              variant="outline"
              disabled={selected.size === 0 || decide.isPending}
              onClick={() => run('reject')}
            >
              <X aria-hidden /> <Trans>Reject selected</Trans>
            </Button>
          </div>
          <QueryState
            query={queue}
            renderError={(error) =>
              error instanceof ApiError && error.status === 403 ? (
                <p className="text-muted-foreground">
                  <Trans>
                    Approving time is not switched on for team leads. An admin can enable it here,
                    under "Pay periods and who approves".
                  </Trans>
                </p>
              ) : (
                <ErrorMessage error={error} />
              )
            }
            isEmpty={() => items.length === 0}
            empty={
              <p className="py-8 text-center text-sm text-muted-foreground">
                <Trans>Nothing here.</Trans>
              </p>
            }
          >
            {() => (
              <ul className="grid gap-2">
                {items.map((item) => {
                  const isOwn = item.request.userId === user?.id;
                  const isPending = item.request.status === 'pending';
                  const userName = item.request.userName;
                  return (
                    <li
                      key={item.request.id}
                      className="flex flex-wrap items-center gap-3 rounded-lg border p-3"
                      data-testid="approval-item"
                    >
                      {isPending && (
                        <input
                          type="checkbox"
                          className="size-4 accent-primary"
                          aria-label={t`Select request of ${userName}`}
                          disabled={isOwn}
                          checked={selected.has(item.request.id)}
                          onChange={() => toggle(item.request.id)}
                        />
                      )}
                      <ApprovalSummary item={item} timeZone={timeZone} />
                      {isPending && !isOwn && (
                        <span className="flex gap-2">
                          <Button
                            size="sm"
                            onClick={() => run('approve', { type: item.type, id: item.request.id })}
                            disabled={decide.isPending}
                          >
                            <Trans>Approve</Trans>
                          </Button>
                          <Button
                            size="sm"
                            variant="outline"
                            onClick={() => run('reject', { type: item.type, id: item.request.id })}
                            disabled={decide.isPending}
                          >
                            <Trans>Reject</Trans>
                          </Button>
                        </span>
                      )}
                      {isOwn && isPending && (
                        <span className="text-xs text-muted-foreground">
                          <Trans>Your own request</Trans>
                        </span>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
          </QueryState>
        </CardContent>
      </Card>
      {getRoleFlags(user?.role).isAdmin && <PeriodLocks />}
    </div>
  );
}
