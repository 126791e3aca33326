import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  auditFacetsResponseSchema,
  listAuditResponseSchema,
} from '@punchclock/shared/contracts/audit';
import { callEndpoint, endpointPath } from '@/lib/call-endpoint';

/** The audit log's filters as the form holds them: '' means "any". */
export interface AuditFilters {
  actorId: string;
  action: string;
  entityType: string;
  entityId: string;
  from: string;
  to: string;
}

/** Who acted and which actions exist, for the filters' choices. */
export const auditFacetsQueryOptions = queryOptions({
  queryKey: ['audit', 'facets'],
  queryFn: ({ signal }) =>
    callEndpoint('GET /api/audit-logs/facets', { schema: auditFacetsResponseSchema, signal }),
});

/** The entries matching the filters, newest first, a page at a time. */
export function auditEntriesQueryOptions(filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: ['audit', 'entries', filters],
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) =>
      callEndpoint('GET /api/audit-logs', {
        query: { ...filters, before: pageParam ?? undefined },
        schema: listAuditResponseSchema,
        signal,
      }),
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 0,
  });
}

/** Where the CSV of the entries matching the filters is downloaded from. */
export function auditExportPath(filters: AuditFilters): string {
  return endpointPath('GET /api/audit-logs/export', { query: filters });
}
