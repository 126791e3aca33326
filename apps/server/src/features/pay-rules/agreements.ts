// Labour agreements on file (issue #14, item 4; docs/decisions/0020): admin only, every change
// audited in the same transaction; ending one sets its end date, nothing is ever deleted.
import { t } from '@lingui/core/macro';
import { z } from 'zod';
import {
  endLabourAgreementInputSchema,
  LABOUR_AGREEMENT_KIND_LABELS,
  labourAgreementInputSchema,
  listLabourAgreementsQuerySchema,
  type LabourAgreement,
} from '@punchclock/shared/contracts/pay-rules';
import { weekCoveredBy } from '@punchclock/shared/domain/pay/agreements';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { Conflict, Invalid, NotFound, parseInput } from '../../platform/errors.ts';
import { findUserSummaryById, type Actor } from '../people/index.ts';
import {
  endAgreementRecord,
  findAgreementRow,
  findOverlappingAgreements,
  insertAgreement,
  listAgreementRows,
  listAgreementSpans,
  lockPersonAgreements,
} from './agreements-repository.ts';

const snapshot = (agreement: LabourAgreement) => ({
  userId: agreement.userId,
  kind: agreement.kind,
  startDate: agreement.startDate,
  endDate: agreement.endDate,
  note: agreement.note,
});

export function listAgreements(db: Db, rawQuery: unknown): Promise<LabourAgreement[]> {
  const query = parseInput(listLabourAgreementsQuerySchema, rawQuery);
  return listAgreementRows(db, query);
}

async function requireAgreement(db: Db, rawId: string): Promise<LabourAgreement> {
  const id = z.uuid().safeParse(rawId);
  const row = id.success ? await findAgreementRow(db, id.data) : null;
  if (!row) throw new NotFound(t`Agreement not found`);
  return row;
}

/** File an agreement; one that shares a day with another of its kind for the person is refused. */
export async function createAgreement(
  db: Db,
  raw: unknown,
  actor: Actor,
): Promise<LabourAgreement> {
  const input = parseInput(labourAgreementInputSchema, raw);
  const person = await findUserSummaryById(db, input.userId);
  if (!person) throw new Invalid(t`Unknown person`);
  const endDate = input.endDate ?? null;
  return db.transaction(async (tx) => {
    await lockPersonAgreements(tx, person.id);
    const [clash] = await findOverlappingAgreements(
      tx,
      person.id,
      input.kind,
      input.startDate,
      endDate,
    );
    if (clash) {
      const name = person.name ?? person.email;
      const kind = LABOUR_AGREEMENT_KIND_LABELS[input.kind];
      const { startDate, endDate: clashEnd } = clash;
      throw new Conflict(
        clashEnd
          ? t`${name} already has an agreement "${kind}" from ${startDate} to ${clashEnd}. End it before that date, or choose dates that do not overlap.`
          : t`${name} already has an agreement "${kind}" from ${startDate} with no end. End it before that date, or choose dates that do not overlap.`,
        'agreement_overlap',
      );
    }
    const id = await insertAgreement(tx, {
      userId: person.id,
      kind: input.kind,
      startDate: input.startDate,
      endDate,
      note: input.note ? input.note : null,
      createdBy: actor.actorId,
    });
    const agreement = await requireAgreement(tx, id);
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'labour_agreement.create',
      entityType: 'labour_agreement',
      entityId: id,
      after: snapshot(agreement),
      meta: actor.meta,
    });
    return agreement;
  });
}

/**
 * End (revoke) an agreement: from the day after `endDate` it no longer applies. The end may not
 * fall before the start, nor after an end it already has (ending never lengthens an agreement).
 */
export async function endAgreement(
  db: Db,
  rawId: string,
  raw: unknown,
  actor: Actor,
): Promise<LabourAgreement> {
  const { endDate } = parseInput(endLabourAgreementInputSchema, raw);
  const found = await requireAgreement(db, rawId);
  return db.transaction(async (tx) => {
    await lockPersonAgreements(tx, found.userId);
    const before = await requireAgreement(tx, found.id);
    if (endDate < before.startDate) {
      const startDate = before.startDate;
      throw new Invalid(
        t`The agreement starts on ${startDate}: it cannot end before that (${endDate})`,
      );
    }
    if (before.endDate !== null && endDate > before.endDate) {
      const currentEnd = before.endDate;
      throw new Invalid(
        t`The agreement already ends on ${currentEnd}: ending it can only bring that date forward`,
      );
    }
    await endAgreementRecord(tx, before.id, endDate, actor.actorId);
    const after = await requireAgreement(tx, before.id);
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'labour_agreement.end',
      entityType: 'labour_agreement',
      entityId: before.id,
      before: snapshot(before),
      after: snapshot(after),
      meta: actor.meta,
    });
    return after;
  });
}

/**
 * For the timesheet's 48-hour check, each person's: whether they have an excess-hours agreement
 * on file covering the whole work week starting on a date, for weeks within [from, to]. One read
 * for all the people.
 */
export async function excessHoursAgreementsFor(
  db: Db,
  userIds: readonly string[],
  from: string,
  to: string,
): Promise<(userId: string) => (weekStartDate: string) => boolean> {
  const spans = await listAgreementSpans(db, userIds, 'excess_weekly_hours', from, to);
  return (userId) => weekCoveredBy(spans.filter((span) => span.userId === userId));
}
