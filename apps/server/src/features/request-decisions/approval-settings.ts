// Who approves requests: whether team leads approve their own team (an admin's setting).
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appSettings } from '../../db/schema.ts';

const TEAM_LEADS_APPROVE = 'approvals.team_leads_approve_their_team';

export async function readTeamLeadsApprove(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, TEAM_LEADS_APPROVE));
  return row?.value === true;
}

export async function writeTeamLeadsApprove(db: Db, value: boolean): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key: TEAM_LEADS_APPROVE, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
}
