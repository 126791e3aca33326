// A team's demand settings (#31): one row per team, absent until a planner changes them.
import { eq } from 'drizzle-orm';
import type { DemandSettingsInput } from '@punchclock/shared/contracts/demand';
import type { Db } from '../../db/client.ts';
import { demandSettings } from '../../db/schema.ts';

/** The stored settings in the contract's shape, or null when the team never set any. */
export async function findDemandSettings(
  db: Db,
  teamId: string,
): Promise<DemandSettingsInput | null> {
  const [row] = await db.select().from(demandSettings).where(eq(demandSettings.teamId, teamId));
  if (!row) return null;
  return {
    intervalMinutes: row.intervalMinutes === 15 ? 15 : 30,
    serviceLevelPercent: row.serviceLevelPercent,
    answerSeconds: row.answerSeconds,
    shrinkagePercent: row.shrinkagePercent,
    shiftLengthsMinutes: row.shiftLengthsMinutes,
    startStepMinutes:
      row.startStepMinutes === 15 || row.startStepMinutes === 60 ? row.startStepMinutes : 30,
    // PostgreSQL's time reads back as HH:mm:ss; the contract speaks HH:mm.
    earliestStart: row.earliestStart.slice(0, 5),
    latestEnd: row.latestEnd.slice(0, 5),
    lunchMinutes: row.lunchMinutes,
    breakDurationMins: row.breakDurationMins,
    minWeekMinutes: row.minWeekMinutes,
    maxWeekMinutes: row.maxWeekMinutes,
    underCoverHourCost: row.underCoverHourCost,
    overCoverHourCost: row.overCoverHourCost,
    preferNotCost: row.preferNotCost,
  };
}

export async function upsertDemandSettings(
  db: Db,
  teamId: string,
  values: DemandSettingsInput,
): Promise<void> {
  const set = { ...values, updatedAt: new Date() };
  await db
    .insert(demandSettings)
    .values({ teamId, ...set })
    .onConflictDoUpdate({ target: demandSettings.teamId, set });
}
