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
