import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { BoardRowDto } from '@punchclock/shared/contracts/break-monitoring';
import { formatBusinessTime, formatMinutes } from '@punchclock/shared/domain/business-time';
import { ROLE_LABELS, ROLES } from '@punchclock/shared/domain/roles';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, minutesColumn, type DataColumn } from '@/components/ui/data-table';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { QueryState } from '@/components/ui/query-state';
import { cn } from '@/lib/cn';
import { useNow } from '@/lib/use-now';
import { breakBoardQueryOptions } from './api';
import { buildBreakBoard, filterBoardRows, type BoardSortKey } from './break-board';
import { useSession } from '@/lib/session';

function Tile({
  label,
  value,
  tone,
}: {
  label: string;
  value: number;
  tone?: 'warning' | 'danger';
}) {
  return (
    <div className="rounded-xl border bg-card p-4">
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
    </div>
  );
}

export default function BreakMonitoringPage() {
  const { t } = useLingui();
  const { timeZone } = useSession();
  const board = useQuery(breakBoardQueryOptions);
  const now = useNow(15_000);
  const [roleFilter, setRoleFilter] = useState('');
  const [search, setSearch] = useState('');
  const [sortKey, setSortKey] = useState<BoardSortKey>('over');

  const rows = useMemo(
    () => filterBoardRows(board.data?.rows ?? [], { role: roleFilter, search }, now),
    [board.data, roleFilter, search, now],
  );
  const { paused, missing, working, withPauses, counts } = buildBreakBoard(rows, sortKey);
  const workingCount = working.length;
  const time = (instant: string | null) => (instant ? formatBusinessTime(instant, timeZone) : '—');
  const pausedColumns: DataColumn<BoardRowDto>[] = [
    { id: 'name', header: t`Name`, isRowHeader: true, cell: (row) => row.name },
    {
      id: 'status',
      header: t`Status`,
      cell: (row) => (
        <Badge variant={row.status === 'on_break' ? 'warning' : 'secondary'}>
          {row.status === 'on_break' ? t`On break` : t`At lunch`}
        </Badge>
      ),
    },
    { id: 'since', header: t`Since`, className: 'tabular-nums', cell: (row) => time(row.since) },
    minutesColumn('elapsed', t`Elapsed`, (row) => row.elapsedMinutes),
    {
      id: 'limit',
      header: t`Limit`,
      className: 'tabular-nums',
      cell: ({ limitMinutes: minutes }) => t`${minutes} min`,
    },
    {
      id: 'over',
      header: t`Over by`,
      className: 'tabular-nums',
      cell: ({ overByMinutes: minutes }) =>
        minutes > 0 ? (
          <span className="font-semibold text-destructive-text">
            <Trans>{minutes} min</Trans>
          </span>
        ) : (
          '—'
        ),
    },
  ];
  const pauseColumns: DataColumn<BoardRowDto>[] = [
    { id: 'name', header: t`Name`, isRowHeader: true, cell: (row) => row.name },
    { id: 'breaks', header: t`Breaks`, className: 'tabular-nums', cell: (row) => row.breaksTaken },
    minutesColumn('break-time', t`Break time`, (row) => row.breakMinutes),
    minutesColumn('lunch-time', t`Lunch time`, (row) => row.lunchMinutes),
    {
      id: 'overbreaks',
      header: t`Over limit`,
      className: 'tabular-nums',
      cell: (row) =>
        row.overbreaks > 0 ? (
          <span className="font-semibold text-destructive-text">{row.overbreaks}</span>
        ) : (
          row.overbreaks
        ),
    },
  ];

  return (
    <div className="mx-auto grid grid-cols-[minmax(0,1fr)] max-w-6xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">
            <Trans>Break Monitoring</Trans>
          </h1>
          <p className="text-sm text-muted-foreground">
            <Trans>Live: updates as people punch.</Trans>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Input
            aria-label={t`Search people`}
            placeholder={t`Search`}
            className="w-44"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <Select
            aria-label={t`Filter by role`}
            className="w-36"
            value={roleFilter}
            onChange={(event) => setRoleFilter(event.target.value)}
          >
            <option value="">{t`All roles`}</option>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </Select>
          <Select
            aria-label={t`Sort by`}
            className="w-40"
            value={sortKey}
            onChange={(event) => setSortKey(event.target.value as BoardSortKey)}
          >
            <option value="over">{t`Most over first`}</option>
            <option value="elapsed">{t`Longest first`}</option>
            <option value="name">{t`Name`}</option>
          </Select>
        </div>
      </div>

      <QueryState query={board}>
        {() => (
          <>
            <div
              className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-6"
              aria-label={t`Right now`}
            >
              <Tile label={t`On break`} value={counts.onBreak} />
              <Tile label={t`At lunch`} value={counts.atLunch} />
              <Tile label={t`Over limit`} value={counts.overLimit} tone="danger" />
              <Tile label={t`Working`} value={counts.working} />
              <Tile label={t`Late`} value={counts.late} tone="warning" />
              <Tile label={t`Not yet in`} value={counts.notYetIn} />
            </div>

            <Card>
              <CardHeader>
                <CardTitle>
                  <Trans>On break or at lunch</Trans>
                </CardTitle>
              </CardHeader>
              <CardContent>
                {paused.length === 0 ? (
                  <p className="text-sm text-muted-foreground">
                    <Trans>Nobody is on a break right now.</Trans>
                  </p>
                ) : (
                  <DataTable
                    label={t`On break or at lunch`}
                    columns={pausedColumns}
                    rows={paused}
                    rowKey={(row) => row.userId}
                    rowTestId="paused-row"
                    rowClassName={(row) =>
                      row.overByMinutes > 0 ? 'bg-destructive/10' : undefined
                    }
                    emptyMessage={t`Nobody is on a break right now.`}
                  />
                )}
              </CardContent>
            </Card>

            <div className="grid gap-6 lg:grid-cols-2">
              <Card>
                <CardHeader>
                  <CardTitle>
                    <Trans>Late or not yet in</Trans>
                  </CardTitle>
                  <CardDescription>
                    <Trans>
                      People whose shift has started (or starts soon) without a clock-in.
                    </Trans>
                  </CardDescription>
                </CardHeader>
                <CardContent>
                  {missing.length === 0 ? (
                    <p className="text-sm text-muted-foreground">
                      <Trans>Everyone scheduled is in.</Trans>
                    </p>
                  ) : (
                    <ul className="grid gap-2">
                      {missing.map((row) => {
                        const templateName = row.shift?.templateName;
                        const start = time(row.shift?.start ?? null);
                        const lateBy = formatMinutes(row.elapsedMinutes);
                        return (
                          <li
                            key={row.userId}
                            className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm"
                          >
                            <span className="font-medium">{row.name}</span>
                            <span className="text-muted-foreground">
                              <Trans>
                                {templateName} from {start}
                              </Trans>
                            </span>
                            <Badge variant={row.status === 'late' ? 'destructive' : 'outline'}>
                              {row.status === 'late' ? t`Late ${lateBy}` : t`Not yet in`}
                            </Badge>
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
                    <Trans>Working</Trans>
                  </CardTitle>
                  <CardDescription>
                    {plural(workingCount, { one: '# clocked in', other: '# clocked in' })}
                  </CardDescription>
                </CardHeader>
                <CardContent>
                  <ul className="grid gap-1 text-sm">
                    {working.map((row) => {
                      const since = time(row.since);
                      return (
                        <li key={row.userId} className="flex justify-between gap-2">
                          <span>{row.name}</span>
                          <span className="text-muted-foreground tabular-nums">
                            <Trans>since {since}</Trans>
                          </span>
                        </li>
                      );
                    })}
                  </ul>
                </CardContent>
              </Card>
            </div>

            <Card>
              <CardHeader>
                <CardTitle>
                  <Trans>Today&apos;s breaks</Trans>
                </CardTitle>
              </CardHeader>
              <CardContent>
                {withPauses.length === 0 ? (
                  <p className="text-sm text-muted-foreground">
                    <Trans>No breaks taken yet today.</Trans>
                  </p>
                ) : (
                  <DataTable
                    label={t`Today's breaks`}
                    columns={pauseColumns}
                    rows={withPauses}
                    rowKey={(row) => row.userId}
                    emptyMessage={t`No breaks taken yet today.`}
                  />
                )}
              </CardContent>
            </Card>
          </>
        )}
      </QueryState>
    </div>
  );
}
