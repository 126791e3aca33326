// Who hears of a timesheet sign-off: managers of one with labour-law findings, and the person
// when it is decided. Stored with the notification-store feature; the bell re-reads live.
import type { DateRange } from '@punchclock/shared/domain/pay/pay-periods';
import type { NotificationDraft } from '@punchclock/shared/domain/notification-rules';
import type { Db } from '../../db/client.ts';
import { notifyLive } from '../../platform/live-events.ts';
import { insertDrafts } from '../notification-store/index.ts';
import { findTeam, findUserSummaryById, listUserSummaries } from '../people/index.ts';

const periodText = (period: DateRange) => `${period.start} to ${period.end}`;

/**
 * The person's managers, as the notification rules copy overseers (admins oversee everyone, a
 * team lead their own team), plus the SMEs who approve everyone's time: active people only,
 * never the person themself.
 */
async function managersOf(db: Db, userId: string): Promise<string[]> {
  const [people, person] = await Promise.all([
    listUserSummaries(db),
    findUserSummaryById(db, userId),
  ]);
  const active = new Set(people.filter((p) => !p.isSuspended).map((p) => p.id));
  const ids = new Set(
    people
      .filter((p) => !p.isSuspended && (p.role === 'admin' || p.role === 'sme'))
      .map((p) => p.id),
  );
  const team = person?.teamId ? await findTeam(db, person.teamId) : null;
  if (team?.leadUserId && active.has(team.leadUserId)) ids.add(team.leadUserId);
  ids.delete(userId);
  return [...ids];
}

export async function notifyManagersOfFindings(
  db: Db,
  submission: {
    personId: string;
    personName: string | null;
    period: DateRange;
    findingsCount: number;
    /** Unique per submission: a re-submission notifies again. */
    occasion: string;
  },
): Promise<void> {
  const { personId, personName, period, findingsCount } = submission;
  const findings = `${findingsCount} labour-law finding${findingsCount === 1 ? '' : 's'}`;
  const drafts: NotificationDraft[] = (await managersOf(db, personId)).map((userId) => ({
    userId,
    subjectUserId: personId,
    type: 'warning',
    occasionKey: `timesheet-findings:${submission.occasion}`,
    title: 'Timesheet with labour-law findings',
    message: `${personName ?? 'Someone'} submitted their timesheet for ${periodText(period)} with ${findings}.`,
  }));
  const inserted = await insertDrafts(db, drafts);
  for (const row of inserted) await notifyLive(db, row.userId, 'notifications');
}

export async function notifyDecision(
  db: Db,
  decision: {
    userId: string;
    period: DateRange;
    status: 'approved' | 'returned';
    comment: string | null;
    occasion: string;
    now: Date;
  },
): Promise<void> {
  const { userId, period, status, comment } = decision;
  await insertDrafts(db, [
    {
      userId,
      subjectUserId: userId,
      type: 'info',
      occasionKey: `timesheet-decision:${decision.occasion}:${status}:${decision.now.toISOString()}`,
      title: status === 'approved' ? 'Timesheet approved' : 'Timesheet returned',
      message: `Your timesheet for ${periodText(period)} was ${status}${comment ? `: ${comment}` : '.'}`,
    },
  ]);
  await notifyLive(db, userId, 'notifications');
  // The Attendance screen's Pay period card re-reads with the punches' topic.
  await notifyLive(db, userId, 'time_events');
}
