import type { SetPasswordLink } from '@punchclock/shared/contracts/users';
import { formatBusinessDateTime } from '@punchclock/shared/domain/business-time';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { withLocale } from '../../platform/i18n.ts';
import { passwordLinkEmail, wantsEmail, type Mailer } from '../email/index.ts';
import { findLanguages } from '../notification-store/index.ts';

/**
 * Email a new one-time link to its person as well (decision 0034), after the link is committed.
 * Sent at once, not queued: the admin who asked sees whether it went, and hands the link over
 * themself when it did not (no SMTP, the person turned these emails off, or the send failed).
 */
export async function emailPasswordLink(
  db: Db,
  mailer: Mailer | null,
  config: AppConfig,
  log: FastifyBaseLogger,
  person: { id: string; email: string },
  link: SetPasswordLink,
  purpose: 'invite' | 'reset',
): Promise<SetPasswordLink> {
  if (!mailer || !(await wantsEmail(db, person.id, 'password_links'))) return link;
  // In the language the person reads Punchclock in (English for a new account).
  const language = (await findLanguages(db, [person.id])).get(person.id);
  const message = withLocale(language, () =>
    passwordLinkEmail(
      link,
      purpose,
      config.email.publicUrl,
      formatBusinessDateTime(link.expiresAt, config.timeZone),
    ),
  );
  try {
    await mailer.send(person.email, message);
    return { ...link, emailedTo: person.email };
  } catch (error) {
    log.warn({ err: error, userId: person.id }, 'could not email a set-password link');
    return link;
  }
}
