// The people import's routes (#33 part 2): the template, the preview and the import.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { formatBusinessDateTime } from '@punchclock/shared/domain/business-time';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../platform/access.ts';
import { implementEndpoint } from '../../platform/endpoints.ts';
import { withLocale } from '../../platform/i18n.ts';
import { passwordLinkEmail, ssoInvitationEmail, type Mailer } from '../email/index.ts';
import {
  commitPeopleImport,
  peopleImportTemplate,
  previewPeopleImport,
  type Invitation,
} from './people-import.ts';

/**
 * A file of up to 5 MB in base64 (a third larger) and its JSON around it, above the app's 256 KB
 * limit for every other request; the contract refuses a larger file with its own message.
 */
const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;

export function registerPeopleImportRoutes(
  app: FastifyInstance,
  db: Db,
  config: AppConfig,
  mailer: Mailer | null,
): void {
  const { timeZone } = config;
  implementEndpoint(app, 'GET /api/users/import/template', async ({ request, reply }) => {
    const file = await peopleImportTemplate(request.query);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'no-store')
      .send(file.body);
  });
  implementEndpoint(
    app,
    'POST /api/users/import/preview',
    { bodyLimit: IMPORT_BODY_LIMIT },
    async ({ request }) =>
      previewPeopleImport(db, request.body, actorOf(request), timeZone, mailer !== null),
  );
  implementEndpoint(
    app,
    'POST /api/users/import',
    { bodyLimit: IMPORT_BODY_LIMIT },
    async ({ request }) => {
      const { result, invitations } = await commitPeopleImport(
        db,
        request.body,
        actorOf(request),
        timeZone,
        mailer !== null,
      );
      // After the commit, one at a time and without holding the answer: 5,000 emails take a while.
      if (mailer && invitations.length > 0) {
        void sendInvitations(mailer, config, request.log, invitations);
      }
      return result;
    },
  );
}

/** The invitations of an import: a set-password link, or a word to sign in with single sign-on. */
export async function sendInvitations(
  mailer: Mailer,
  config: AppConfig,
  log: FastifyBaseLogger,
  invitations: readonly Invitation[],
): Promise<number> {
  let sent = 0;
  for (const invitation of invitations) {
    // In the person's language from the file (English when it gave none).
    const message = withLocale(invitation.language, () =>
      invitation.link
        ? passwordLinkEmail(
            invitation.link,
            'invite',
            config.email.publicUrl,
            formatBusinessDateTime(invitation.link.expiresAt, config.timeZone),
          )
        : ssoInvitationEmail(config.email.publicUrl),
    );
    try {
      await mailer.send(invitation.email, message);
      sent += 1;
    } catch (error) {
      log.warn({ err: error, userId: invitation.id }, 'could not email an import invitation');
    }
  }
  return sent;
}
