import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ChevronDown, ChevronRight, Download } from 'lucide-react';
import { useState } from 'react';
import type { AuditEntry } from '@punchclock/shared/contracts/audit';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { QueryState } from '@/components/ui/query-state';
import { formatBusinessDateTime } from '@punchclock/shared/domain/business-time';
import {
  auditEntriesQueryOptions,
  auditExportPath,
  auditFacetsQueryOptions,
  type AuditFilters as Filters,
} from './api';
import { entityTypeLabel, entityTypeOptions, hasEntityTypeLabel } from './entity-types';
import { useSession } from '@/lib/session';

const NO_FILTERS: Filters = {
  actorId: '',
  action: '',
  entityType: '',
  entityId: '',
  from: '',
  to: '',
};

const show = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));

/** Before/after side by side, changed fields first and marked. */
function AuditDiff({ entry }: { entry: AuditEntry }) {
  const { t } = useLingui();
  const keys = [
    ...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]),
  ];
  if (keys.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>No details recorded.</Trans>
      </p>
    );
  const rows = keys.map((key) => {
    const before = entry.before?.[key];
    const after = entry.after?.[key];
    return { key, before, after, isChanged: JSON.stringify(before) !== JSON.stringify(after) };
  });
  rows.sort((a, b) => Number(b.isChanged) - Number(a.isChanged));
  return (
    <table className="w-full text-xs" aria-label={t`Changes`}>
      <thead className="text-left text-muted-foreground">
        <tr>
          <th scope="col" className="py-1 pr-3 font-medium">
            <Trans>Field</Trans>
          </th>
          <th scope="col" className="py-1 pr-3 font-medium">
            <Trans>Before</Trans>
          </th>
          <th scope="col" className="py-1 font-medium">
            <Trans>After</Trans>
          </th>
        </tr>
      </thead>
      <tbody className="font-mono">
        {rows.map((row) => (
          <tr key={row.key} className={row.isChanged ? 'bg-warning/10' : undefined}>
            <th scope="row" className="py-1 pr-3 text-left font-medium">
              {row.key}
              {row.isChanged && (
                <span className="sr-only">
                  {' '}
                  <Trans>(changed)</Trans>
                </span>
              )}
            </th>
            <td className="py-1 pr-3 break-all text-destructive">
              {entry.before ? show(row.before) : '—'}
            </td>
            <td className="py-1 break-all text-success">{entry.after ? show(row.after) : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function AuditLogsPage() {
  const { t } = useLingui();
  const { timeZone } = useSession();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const facets = useQuery(auditFacetsQueryOptions);
  const entries = useInfiniteQuery(auditEntriesQueryOptions(filters));
  const rows = entries.data?.pages.flatMap((page) => page.entries) ?? [];
  const columns: DataColumn<AuditEntry>[] = [
    {
      id: 'details',
      header: t`Details`,
      isActions: true,
      cell: (entry) => {
        const action = entry.action;
        return (
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={expanded.has(entry.id)}
            aria-label={
              expanded.has(entry.id) ? t`Hide details of ${action}` : t`Show details of ${action}`
            }
            onClick={() => toggle(entry.id)}
          >
            {expanded.has(entry.id) ? <ChevronDown aria-hidden /> : <ChevronRight aria-hidden />}
          </Button>
        );
      },
    },
    {
      id: 'when',
      header: t`When`,
      className: 'whitespace-nowrap tabular-nums',
      cell: (entry) => formatBusinessDateTime(entry.occurredAt, timeZone, { seconds: true }),
    },
    {
      id: 'who',
      header: t`Who`,
      cell: (entry) => {
        const actor = entry.actorName ?? t`System`;
        const token = entry.apiToken?.name;
        return token === undefined ? actor : t`${actor} · API token “${token}”`;
      },
    },
    {
      id: 'action',
      header: t`Action`,
      isRowHeader: true,
      // Action keys are identifiers (what a filter or an export matches), not words.
      cell: (entry) => (
        <span translate="no" className="font-mono text-xs">
          {entry.action}
        </span>
      ),
    },
    {
      id: 'entity',
      header: t`Entity`,
      cell: (entry) => (
        <>
          <span translate={hasEntityTypeLabel(entry.entityType) ? undefined : 'no'}>
            {entityTypeLabel(entry.entityType)}
          </span>
          {entry.entityId && (
            <span className="block max-w-48 truncate font-mono text-xs text-muted-foreground">
              {entry.entityId}
            </span>
          )}
        </>
      ),
    },
    {
      id: 'from',
      header: t`From`,
      className: 'text-xs text-muted-foreground',
      cell: (entry) => entry.ip ?? '—',
    },
  ];
  const set = (key: keyof Filters) => (value: string) => setFilters({ ...filters, [key]: value });
  const toggle = (id: number) => {
    const next = new Set(expanded);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setExpanded(next);
  };

  return (
    <div className="mx-auto grid grid-cols-[minmax(0,1fr)] max-w-7xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">
            <Trans>Audit Logs</Trans>
          </h1>
          <p className="text-sm text-muted-foreground">
            <Trans>
              Every change, who made it, when and from where. Nothing here can be edited.
            </Trans>
          </p>
        </div>
        <Button variant="outline" asChild>
          <a href={auditExportPath(filters)} download>
            <Download aria-hidden /> <Trans>Export CSV</Trans>
          </a>
        </Button>
      </div>
      <Card>
        <CardContent className="grid gap-4 pt-6">
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6">
            <Field id="audit-actor" label={t`Who`}>
              <Select
                value={filters.actorId}
                onChange={(event) => set('actorId')(event.target.value)}
              >
                <option value="">{t`Anyone`}</option>
                {facets.data?.actors.map((actor) => (
                  <option key={actor.id} value={actor.id}>
                    {actor.name}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id="audit-action" label={t`Action`}>
              <Select
                value={filters.action}
                onChange={(event) => set('action')(event.target.value)}
              >
                <option value="">{t`Any action`}</option>
                {facets.data?.actions.map((action) => (
                  <option key={action} value={action} translate="no">
                    {action}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id="audit-entity-type" label={t`Entity`}>
              <Select
                value={filters.entityType}
                onChange={(event) => set('entityType')(event.target.value)}
              >
                <option value="">{t`Any entity`}</option>
                {entityTypeOptions(facets.data?.entityTypes ?? []).map(({ value, label }) => (
                  // The key is what the filter sends; the label is what people read.
                  <option
                    key={value}
                    value={value}
                    translate={hasEntityTypeLabel(value) ? undefined : 'no'}
                  >
                    {label}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id="audit-entity-id" label={t`Entity id`}>
              <Input
                value={filters.entityId}
                onChange={(event) => set('entityId')(event.target.value)}
              />
            </Field>
            <Field id="audit-from" label={t`From`}>
              <Input
                type="date"
                value={filters.from}
                onChange={(event) => set('from')(event.target.value)}
              />
            </Field>
            <Field id="audit-to" label={t`To`}>
              <Input
                type="date"
                value={filters.to}
                onChange={(event) => set('to')(event.target.value)}
              />
            </Field>
          </div>
          <QueryState query={entries}>
            {() => (
              <DataTable
                label={t`Audit entries`}
                columns={columns}
                rows={rows}
                rowKey={(entry) => String(entry.id)}
                rowTestId="audit-row"
                emptyMessage={t`No entries match.`}
                tableClassName="min-w-[48rem]"
                renderDetail={(entry) =>
                  expanded.has(entry.id) && (
                    <div className="py-3">
                      <AuditDiff entry={entry} />
                      {entry.userAgent && (
                        <p className="mt-2 text-xs text-muted-foreground">{entry.userAgent}</p>
                      )}
                    </div>
                  )
                }
              />
            )}
          </QueryState>
          {entries.hasNextPage && (
            <Button
              variant="outline"
              onClick={() => void entries.fetchNextPage()}
              disabled={entries.isFetchingNextPage}
            >
              {entries.isFetchingNextPage ? t`Loading…` : t`Load older entries`}
            </Button>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
