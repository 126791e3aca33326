// Who hears of a timesheet sign-off: managers of one with labour-law findings, and the person
// when it is decided. Stored with the notification-store feature; the bell re-reads live.
import { plural, t } from '@lingui/core/macro';
import type { DateRange } from '@punchclock/shared/domain/pay/pay-periods';
import type { NotificationDraft } from '@punchclock/shared/domain/notification-rules';
import type { Db } from '../../db/client.ts';
import { withLocale } from '../../platform/i18n.ts';
import { notifyLive } from '../../platform/live-events.ts';
import { findLanguages, insertDrafts } from '../notification-store/index.ts';
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
  const languages = await findLanguages(db, managerIds);
  const drafts: NotificationDraft[] = managerIds.map((userId) =>
    withLocale(languages.get(userId), () => {
      const name = personName ?? t`Someone`;
      return {
        userId,
        subjectUserId: personId,
        type: 'warning',
        occasionKey: `timesheet-findings:${submission.occasion}`,
        title: t`Timesheet with labour-law findings`,
        message: t`${name} submitted their timesheet for ${start} to ${end} with ${plural(
          findingsCount,
          { one: '# labour-law finding', other: '# labour-law findings' },
        )}.`,
      };
    }),
  );
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
  const language = (await findLanguages(db, [userId])).get(userId);
  const { title, message } = withLocale(language, () => decisionText(period, status, comment));
  await insertDrafts(db, [
    {
      userId,
      subjectUserId: userId,
      type: 'info',
      occasionKey: `timesheet-decision:${decision.occasion}:${status}:${decision.now.toISOString()}`,
      title,
      message,
    },
  ]);
  await notifyLive(db, userId, 'notifications');
  // The Attendance screen's Pay period card re-reads with the punches' topic.
  await notifyLive(db, userId, 'time_events');
}

/** The person's notification of a decision, in the current language. */
function decisionText(
  { start, end }: DateRange,
  status: 'approved' | 'returned',
  comment: string | null,
): { title: string; message: string } {
  if (status === 'approved') {
    return {
      title: t`Timesheet approved`,
      message: comment
        ? t`Your timesheet for ${start} to ${end} was approved: ${comment}`
        : t`Your timesheet for ${start} to ${end} was approved.`,
    };
  }
  return {
    title: t`Timesheet returned`,
    message: comment
      ? t`Your timesheet for ${start} to ${end} was returned: ${comment}`
      : t`Your timesheet for ${start} to ${end} was returned.`,
  };
}
