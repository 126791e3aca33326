import { and, eq, gte, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { inTeams } from '../people/index.ts';

/** How a request ends: an approver's decision, or the requester cancelling it. */
export interface Decision {
  status: 'approved' | 'rejected' | 'cancelled';
  decidedBy?: string;
  comment?: string | null;
}

/** The decision columns time-off requests and corrections share. */
export function decisionColumns(decision: Decision) {
  return {
    status: decision.status,
    decidedBy: decision.decidedBy ?? null,
    decidedAt: sql`now()`,
    decisionComment: decision.comment ?? null,
  };
}

/** What the approval queue and a requester's own list filter on. */
export interface RequestFilter {
  userId?: string;
  status?: string;
  /** null: everyone; otherwise only people of these teams. */
  teamIds?: string[] | null;
  from?: string;
  to?: string;
}

/** The columns of a request table that a RequestFilter reads. */
export interface RequestFilterColumns {
  userId: AnyColumn;
  status: AnyColumn;
  /** The request's days: one column for one-day requests, first and last for ranges. */
  firstDate: AnyColumn;
  lastDate: AnyColumn;
}

/**
 * The WHERE clause of a RequestFilter over one request table (time off, corrections, late
 * punches): a request matches a date range when its days overlap it. The query must join the
 * requester's profile (for the team).
 */
export function requestFilterWhere(
  columns: RequestFilterColumns,
  filter: RequestFilter,
): SQL | undefined {
  return and(
    filter.userId ? eq(columns.userId, filter.userId) : undefined,
    filter.status ? eq(columns.status, filter.status) : undefined,
    inTeams(filter.teamIds),
    filter.from ? gte(columns.lastDate, filter.from) : undefined,
    filter.to ? lte(columns.firstDate, filter.to) : undefined,
  );
}
