import { isLocale } from '@punchclock/shared/i18n/locales';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { profiles } from '../../db/schema.ts';
import { requireAuth } from '../../platform/access.ts';
import { writeAudit } from '../../platform/audit.ts';
import { implementEndpoint } from '../../platform/endpoints.ts';
import { getRequestMeta } from '../../platform/request-meta.ts';

/**
 * Account settings → Language (decision 0036). The choice follows the person to every device;
 * it also sets the language of the emails and notifications the server makes for them.
 */
export function registerLanguageRoutes(app: FastifyInstance, db: Db): void {
  implementEndpoint(app, 'GET /api/me/language', async ({ request }) => {
    const { userId } = requireAuth(request);
    const [row] = await db
      .select({ language: profiles.language })
      .from(profiles)
      .where(eq(profiles.id, userId));
    return { language: isLocale(row?.language) ? row.language : null };
  });

  implementEndpoint(app, 'PUT /api/me/language', async ({ request, body }) => {
    const { userId } = requireAuth(request);
    const { language } = body;
    await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ language: profiles.language })
        .from(profiles)
        .where(eq(profiles.id, userId));
      await tx.update(profiles).set({ language }).where(eq(profiles.id, userId));
      await writeAudit(tx, {
        actorId: userId,
        action: 'language.set',
        entityType: 'user',
        entityId: userId,
        before: { language: before?.language ?? null },
        after: { language },
        meta: getRequestMeta(request),
      });
    });
    return { language };
  });
}
