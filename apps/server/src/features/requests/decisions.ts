import { sql } from 'drizzle-orm';

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
