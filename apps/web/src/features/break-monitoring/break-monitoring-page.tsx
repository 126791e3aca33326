import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { BoardRowDto } from '@punchclock/shared/contracts/break-monitoring';
import { formatBusinessTime, formatMinutes } from '@punchclock/shared/domain/business-time';
import { ROLE_LABELS, ROLES } from '@punchclock/shared/domain/roles';
import { Badge } from '@/components/ui/badge';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { QueryState } from '@/components/ui/query-state';
import { useSession } from '@/features/auth/api';
import { cn } from '@/lib/cn';
import { useNow } from '@/lib/use-now';
import { breakBoardQueryOptions } from './api';

type SortKey = 'over' | 'name' | 'elapsed';

/** Minutes since `since`, ticking on the client between server reads. */
function liveMinutes(since: string | null, nowMs: number): number {
  return since ? Math.max(0, Math.floor((nowMs - Date.parse(since)) / 60_000)) : 0;
}

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
  const { timeZone } = useSession();
  const board = useQuery(breakBoardQueryOptions);
  const now = useNow(15_000);
  const [roleFilter, setRoleFilter] = useState('');
  const [search, setSearch] = useState('');
  const [sortKey, setSortKey] = useState<SortKey>('over');

  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (board.data?.rows ?? [])
      .filter((row) => !roleFilter || (row.role ?? 'employee') === roleFilter)
      .filter((row) => !needle || row.name.toLowerCase().includes(needle))
      .map((row) => {
        const elapsed = liveMinutes(row.since, now);
        const overBy = row.limitMinutes !== null ? Math.max(0, elapsed - row.limitMinutes) : 0;
        return { ...row, elapsedMinutes: elapsed, overByMinutes: overBy };
      });
  }, [board.data, roleFilter, search, now]);

  const sorted = (list: BoardRowDto[]) =>
    [...list].sort((a, b) =>
      sortKey === 'name'
        ? a.name.localeCompare(b.name)
        : sortKey === 'elapsed'
          ? b.elapsedMinutes - a.elapsedMinutes
          : b.overByMinutes - a.overByMinutes || b.elapsedMinutes - a.elapsedMinutes,
    );
  const paused = sorted(
    rows.filter((row) => row.status === 'on_break' || row.status === 'at_lunch'),
  );
  const missing = sorted(
    rows.filter((row) => row.status === 'late' || row.status === 'not_yet_in'),
  );
  const working = rows.filter((row) => row.status === 'working');
  const withPauses = rows.filter((row) => row.breaksTaken > 0 || row.lunchMinutes > 0);
  const time = (instant: string | null) => (instant ? formatBusinessTime(instant, timeZone) : '—');

  return (
    <div className="mx-auto grid grid-cols-[minmax(0,1fr)] max-w-6xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Break Monitoring</h1>
          <p className="text-sm text-muted-foreground">Live: updates as people punch.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Input
            aria-label="Search people"
            placeholder="Search"
            className="w-44"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <Select
            aria-label="Filter by role"
            className="w-36"
            value={roleFilter}
            onChange={(event) => setRoleFilter(event.target.value)}
          >
            <option value="">All roles</option>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </Select>
          <Select
            aria-label="Sort by"
            className="w-40"
            value={sortKey}
            onChange={(event) => setSortKey(event.target.value as SortKey)}
          >
            <option value="over">Most over first</option>
            <option value="elapsed">Longest first</option>
            <option value="name">Name</option>
          </Select>
        </div>
      </div>

      <QueryState query={board}>
        {() => (
          <>
            <div
              className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-6"
              aria-label="Right now"
            >
              <Tile
                label="On break"
                value={rows.filter((row) => row.status === 'on_break').length}
              />
              <Tile
                label="At lunch"
                value={rows.filter((row) => row.status === 'at_lunch').length}
              />
              <Tile
                label="Over limit"
                value={paused.filter((row) => row.overByMinutes > 0).length}
                tone="danger"
              />
              <Tile label="Working" value={working.length} />
              <Tile
                label="Late"
                value={rows.filter((row) => row.status === 'late').length}
                tone="warning"
              />
              <Tile
                label="Not yet in"
                value={rows.filter((row) => row.status === 'not_yet_in').length}
              />
            </div>

            <Card>
              <CardHeader>
                <CardTitle>On break or at lunch</CardTitle>
              </CardHeader>
              <CardContent>
                {paused.length === 0 ? (
                  <p className="text-sm text-muted-foreground">Nobody is on a break right now.</p>
                ) : (
                  <ScrollRegion label="On break or at lunch">
                    <table className="w-full text-sm">
                      <thead className="border-b text-left text-muted-foreground">
                        <tr>
                          <th scope="col" className="py-2 pr-4 font-medium">
                            Name
                          </th>
                          <th scope="col" className="py-2 pr-4 font-medium">
                            Status
                          </th>
                          <th scope="col" className="py-2 pr-4 font-medium">
                            Since
                          </th>
                          <th scope="col" className="py-2 pr-4 font-medium">
                            Elapsed
                          </th>
                          <th scope="col" className="py-2 pr-4 font-medium">
                            Limit
                          </th>
                          <th scope="col" className="py-2 font-medium">
                            Over by
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {paused.map((row) => (
                          <tr
                            key={row.userId}
                            className={cn(
                              'border-b last:border-0',
                              row.overByMinutes > 0 && 'bg-destructive/10',
                            )}
                            data-testid="paused-row"
                          >
                            <th scope="row" className="py-2 pr-4 text-left font-medium">
                              {row.name}
                            </th>
                            <td className="py-2 pr-4">
                              <Badge variant={row.status === 'on_break' ? 'warning' : 'secondary'}>
                                {row.status === 'on_break' ? 'On break' : 'At lunch'}
                              </Badge>
                            </td>
                            <td className="py-2 pr-4 tabular-nums">{time(row.since)}</td>
                            <td className="py-2 pr-4 tabular-nums">
                              {formatMinutes(row.elapsedMinutes)}
                            </td>
                            <td className="py-2 pr-4 tabular-nums">{row.limitMinutes} min</td>
                            <td
                              className={cn(
                                'py-2 tabular-nums',
                                row.overByMinutes > 0 && 'font-semibold text-destructive-text',
                              )}
                            >
                              {row.overByMinutes > 0 ? `${row.overByMinutes} min` : '—'}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </ScrollRegion>
                )}
              </CardContent>
            </Card>

            <div className="grid gap-6 lg:grid-cols-2">
              <Card>
                <CardHeader>
                  <CardTitle>Late or not yet in</CardTitle>
                  <CardDescription>
                    People whose shift has started (or starts soon) without a clock-in.
                  </CardDescription>
                </CardHeader>
                <CardContent>
                  {missing.length === 0 ? (
                    <p className="text-sm text-muted-foreground">Everyone scheduled is in.</p>
                  ) : (
                    <ul className="grid gap-2">
                      {missing.map((row) => (
                        <li
                          key={row.userId}
                          className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm"
                        >
                          <span className="font-medium">{row.name}</span>
                          <span className="text-muted-foreground">
                            {row.shift?.templateName} from {time(row.shift?.start ?? null)}
                          </span>
                          <Badge variant={row.status === 'late' ? 'destructive' : 'outline'}>
                            {row.status === 'late'
                              ? `Late ${formatMinutes(row.elapsedMinutes)}`
                              : 'Not yet in'}
                          </Badge>
                        </li>
                      ))}
                    </ul>
                  )}
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle>Working</CardTitle>
                  <CardDescription>{working.length} clocked in</CardDescription>
                </CardHeader>
                <CardContent>
                  <ul className="grid gap-1 text-sm">
                    {working.map((row) => (
                      <li key={row.userId} className="flex justify-between gap-2">
                        <span>{row.name}</span>
                        <span className="text-muted-foreground tabular-nums">
                          since {time(row.since)}
                        </span>
                      </li>
                    ))}
                  </ul>
                </CardContent>
              </Card>
            </div>

            <Card>
              <CardHeader>
                <CardTitle>Today&apos;s breaks</CardTitle>
              </CardHeader>
              <CardContent>
                {withPauses.length === 0 ? (
                  <p className="text-sm text-muted-foreground">No breaks taken yet today.</p>
                ) : (
                  <ScrollRegion label="Today's breaks">
                    <table className="w-full text-sm">
                      <thead className="border-b text-left text-muted-foreground">
                        <tr>
                          <th scope="col" className="py-2 pr-4 font-medium">
                            Name
                          </th>
                          <th scope="col" className="py-2 pr-4 font-medium">
                            Breaks
                          </th>
                          <th scope="col" className="py-2 pr-4 font-medium">
                            Break time
                          </th>
                          <th scope="col" className="py-2 pr-4 font-medium">
                            Lunch time
                          </th>
                          <th scope="col" className="py-2 font-medium">
                            Over limit
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {withPauses.map((row) => (
                          <tr key={row.userId} className="border-b last:border-0">
                            <th scope="row" className="py-2 pr-4 text-left font-medium">
                              {row.name}
                            </th>
                            <td className="py-2 pr-4 tabular-nums">{row.breaksTaken}</td>
                            <td className="py-2 pr-4 tabular-nums">
                              {formatMinutes(row.breakMinutes)}
                            </td>
                            <td className="py-2 pr-4 tabular-nums">
                              {formatMinutes(row.lunchMinutes)}
                            </td>
                            <td
                              className={cn(
                                'py-2 tabular-nums',
                                row.overbreaks > 0 && 'font-semibold text-destructive-text',
                              )}
                            >
                              {row.overbreaks}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </ScrollRegion>
                )}
              </CardContent>
            </Card>
          </>
        )}
      </QueryState>
    </div>
  );
}
