import type { Db } from '../../db/client.ts';
import { notifyLiveToRole } from '../../platform/live-events.ts';

/** Approvers' queues re-read when a request comes in or goes away. */
export async function announceApprovalsChanged(db: Db): Promise<void> {
  for (const role of ['admin', 'sme', 'team_lead'] as const)
    await notifyLiveToRole(db, role, 'approvals');
}
