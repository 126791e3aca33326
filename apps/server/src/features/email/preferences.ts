import { eq } from 'drizzle-orm';
import {
  EMAIL_KIND_LABELS,
  EMAIL_KINDS,
  updateEmailPreferencesSchema,
  type EmailKind,
  type EmailPreferences,
} from '@punchclock/shared/contracts/email';
import type { Db } from '../../db/client.ts';
import { profiles } from '../../db/schema.ts';
import { writeAudit } from '../../platform/audit.ts';
import { parseInput } from '../../platform/errors.ts';
import type { RequestMeta } from '../../platform/request-meta.ts';

async function turnedOffKinds(db: Db, userId: string): Promise<EmailKind[]> {
  const [row] = await db
    .select({ optOuts: profiles.emailOptOuts })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return EMAIL_KINDS.filter((kind) => row?.optOuts.includes(kind));
}

/** Whether the person takes this kind of email (and the server sends any). */
export async function wantsEmail(db: Db, userId: string, kind: EmailKind): Promise<boolean> {
  return !(await turnedOffKinds(db, userId)).includes(kind);
}

export async function getEmailPreferences(
  db: Db,
  userId: string,
  emailConfigured: boolean,
): Promise<EmailPreferences> {
  const off = await turnedOffKinds(db, userId);
  return {
    emailConfigured,
    kinds: EMAIL_KINDS.map((kind) => ({
      kind,
      label: EMAIL_KIND_LABELS[kind],
      enabled: !off.includes(kind),
    })),
  };
}

export async function setEmailPreferences(
  db: Db,
  userId: string,
  rawInput: unknown,
  meta: RequestMeta,
): Promise<void> {
  const { turnedOff } = parseInput(updateEmailPreferencesSchema, rawInput);
  const optOuts = EMAIL_KINDS.filter((kind) => turnedOff.includes(kind));
  await db.transaction(async (tx) => {
    const before = await turnedOffKinds(tx, userId);
    await tx.update(profiles).set({ emailOptOuts: optOuts }).where(eq(profiles.id, userId));
    await writeAudit(tx, {
      actorId: userId,
      action: 'email_preferences.set',
      entityType: 'user',
      entityId: userId,
      before: { turnedOff: before },
      after: { turnedOff: optOuts },
      meta,
    });
  });
}
