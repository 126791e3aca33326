import type { Db } from '../../db/client.ts';
import { notifyLiveToRole, type LivePayload } from '../../platform/live-events.ts';

const APPROVER_ROLES = ['admin', 'sme', 'team_lead'] as const;

/** Approvers' queues re-read when a request comes in or goes away. */
export async function announceApprovalsChanged(db: Db): Promise<void> {
  for (const role of APPROVER_ROLES) await notifyLiveToRole(db, role, 'approvals');
}

/** The live messages announceApprovalsChanged sends, for a caller writing in one statement. */
export function approvalsChangedPayloads(): LivePayload[] {
  return APPROVER_ROLES.map((role) => ({ role, topic: 'approvals' }));
}
