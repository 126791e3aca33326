// Who hears of a timesheet sign-off: managers of one with labour-law findings, and the person
// when it is decided. Stored with the notification-store feature; the bell re-reads live.
import type { DateRange } from '@punchclock/shared/domain/pay/pay-periods';
import { notificationMessage } from '@punchclock/shared/domain/notification-messages';
import type { NotificationDraft } from '@punchclock/shared/domain/notification-rules';
import type { Db } from '../../db/client.ts';
import { notifyLiveAll } from '../../platform/live-events.ts';
import { insertDrafts } from '../notification-store/index.ts';
import { findTeam, findUserSummaryById, listUserSummaries } from '../people/index.ts';

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
  const { start, end } = period;
  const managerIds = await managersOf(db, personId);
  const text = notificationMessage('timesheet_findings', {
    name: personName,
    start,
    end,
    findingsCount,
  });
  const drafts: NotificationDraft[] = managerIds.map((userId) => ({
    userId,
    subjectUserId: personId,
    type: 'warning',
    occasionKey: `timesheet-findings:${submission.occasion}`,
    ...text,
  }));
  const inserted = await insertDrafts(db, drafts);
  await notifyLiveAll(
    db,
    inserted.map((row) => ({ userId: row.userId, topic: 'notifications' as const })),
  );
}

interface Decision {
  userId: string;
  period: DateRange;
  status: 'approved' | 'returned';
  comment: string | null;
  occasion: string;
  now: Date;
}

export async function notifyDecision(db: Db, decision: Decision): Promise<void> {
  await notifyDecisions(db, [decision]);
}

/**
 * Tell each person of their timesheet's decision: the notifications in one insert, the live
 * messages in one statement, whatever their number (a period's approval, issue #32).
 */
export async function notifyDecisions(db: Db, decisions: readonly Decision[]): Promise<void> {
  if (decisions.length === 0) return;
  await insertDrafts(
    db,
    decisions.map(({ userId, period, status, comment, occasion, now }) => ({
      userId,
      subjectUserId: userId,
      type: 'info',
      occasionKey: `timesheet-decision:${occasion}:${status}:${now.toISOString()}`,
      ...decisionMessage(period, status, comment),
    })),
  );
  await notifyLiveAll(
    db,
    decisions.flatMap(({ userId }) => [
      { userId, topic: 'notifications' as const },
      // The Attendance screen's Pay period card re-reads with the punches' topic.
      { userId, topic: 'time_events' as const },
    ]),
  );
}

/** The person's notification of a decision, worded in their language when read. */
function decisionMessage(
  { start, end }: DateRange,
  status: 'approved' | 'returned',
  comment: string | null,
) {
  if (status === 'approved') {
    return comment
      ? notificationMessage('timesheet.approved_comment', { start, end, comment })
      : notificationMessage('timesheet.approved', { start, end });
  }
  return comment
    ? notificationMessage('timesheet.returned_comment', { start, end, comment })
    : notificationMessage('timesheet.returned', { start, end });
}
