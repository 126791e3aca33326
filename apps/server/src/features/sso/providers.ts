// Sign-in providers: the admin's list, the sign-in page's buttons, the one set by OIDC_* variables.
import { t } from '@lingui/core/macro';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  ssoProviderInputSchema,
  type SsoButtons,
  type SsoProvider,
  type SsoProviderSettings,
} from '@punchclock/shared/contracts/sso';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { ssoProviders } from '../../db/schema.ts';
import { writeAudit } from '../../platform/audit.ts';
import {
  Conflict,
  Invalid,
  isUniqueViolation,
  NotFound,
  parseInput,
} from '../../platform/errors.ts';
import type { Actor } from '../people/index.ts';
import { isLoopbackHttp } from './oidc.ts';

type ProviderRow = typeof ssoProviders.$inferSelect;

/** The address the provider sends people back to; admins register it at the provider. */
export function redirectUriOf(config: AppConfig, slug: string): string {
  return `${config.email.publicUrl}/api/auth/sso/${slug}/callback`;
}

function toView(row: ProviderRow, config: AppConfig): SsoProvider {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    issuerUrl: row.issuerUrl,
    clientId: row.clientId,
    hasClientSecret: row.clientSecret !== '',
    unknownPeople: row.unknownPeople,
    trustEmails: row.trustEmails,
    groupsClaim: row.groupsClaim,
    groupRoles: row.groupRoles,
    enabled: row.enabled,
    fromEnvironment: row.fromEnvironment,
    redirectUri: redirectUriOf(config, row.slug),
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of a provider (never its secret). */
function snapshot(row: ProviderRow) {
  const { clientSecret: _secret, createdAt: _created, updatedAt: _updated, ...rest } = row;
  return rest;
}

export async function listProviders(db: Db, config: AppConfig): Promise<SsoProvider[]> {
  const rows = await db.select().from(ssoProviders).orderBy(asc(ssoProviders.name));
  return rows.map((row) => toView(row, config));
}

/** The sign-in page's buttons: enabled providers only, and nothing an attacker could use. */
export async function listButtons(db: Db): Promise<SsoButtons['providers']> {
  return db
    .select({ slug: ssoProviders.slug, name: ssoProviders.name })
    .from(ssoProviders)
    .where(eq(ssoProviders.enabled, true))
    .orderBy(asc(ssoProviders.name));
}

export async function findProviderBySlug(db: Db, slug: string): Promise<ProviderRow | null> {
  // A slug in an address someone typed may hold anything; a real one is this shape.
  if (!/^[a-z0-9-]{2,40}$/.test(slug)) return null;
  const [row] = await db.select().from(ssoProviders).where(eq(ssoProviders.slug, slug));
  return row ?? null;
}

function checkIssuer(issuerUrl: string): void {
  if (new URL(issuerUrl).protocol === 'http:' && !isLoopbackHttp(issuerUrl)) {
    throw new Invalid(t`Issuer URL must be an https:// address`);
  }
}

const duplicateSlug = (slug: string) =>
  new Conflict(t`Another provider already uses the short name ${slug}`, 'duplicate_slug');

export async function createProvider(
  db: Db,
  config: AppConfig,
  rawInput: unknown,
  actor: Actor,
): Promise<SsoProvider> {
  const input = parseInput(ssoProviderInputSchema, rawInput);
  checkIssuer(input.issuerUrl);
  if (!input.clientSecret) throw new Invalid(t`Client secret is required`);
  const clientSecret = input.clientSecret;
  return db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(ssoProviders)
        .values({ ...input, clientSecret })
        .returning();
      if (!row) throw new Error('insert into sso_providers returned no row');
      await writeAudit(tx, {
        actorId: actor.actorId,
        action: 'sso_provider.create',
        entityType: 'sso_provider',
        entityId: row.id,
        after: snapshot(row),
        meta: actor.meta,
      });
      return toView(row, config);
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? duplicateSlug(input.slug) : error;
    });
}

async function requireEditable(db: Db, rawId: string): Promise<ProviderRow> {
  const id = z.uuid().safeParse(rawId);
  if (!id.success) throw new NotFound(t`No such sign-in provider`);
  const [row] = await db
    .select()
    .from(ssoProviders)
    .where(eq(ssoProviders.id, id.data))
    .for('update');
  if (!row) throw new NotFound(t`No such sign-in provider`);
  if (row.fromEnvironment) {
    throw new Conflict(
      t`This provider is set by OIDC_* environment variables; change them there`,
      'from_environment',
    );
  }
  return row;
}

export async function updateProvider(
  db: Db,
  config: AppConfig,
  id: string,
  rawInput: unknown,
  actor: Actor,
): Promise<SsoProvider> {
  const input = parseInput(ssoProviderInputSchema, rawInput);
  checkIssuer(input.issuerUrl);
  return db
    .transaction(async (tx) => {
      const before = await requireEditable(tx, id);
      const [after] = await tx
        .update(ssoProviders)
        .set({
          ...input,
          // Left out or empty: the stored secret stays.
          clientSecret: input.clientSecret || before.clientSecret,
          updatedAt: sql`now()`,
        })
        .where(eq(ssoProviders.id, before.id))
        .returning();
      if (!after) throw new NotFound(t`No such sign-in provider`);
      await writeAudit(tx, {
        actorId: actor.actorId,
        action: 'sso_provider.update',
        entityType: 'sso_provider',
        entityId: before.id,
        before: snapshot(before),
        after: { ...snapshot(after), credentialReplaced: Boolean(input.clientSecret) },
        meta: actor.meta,
      });
      return toView(after, config);
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? duplicateSlug(input.slug) : error;
    });
}

export async function removeProvider(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await requireEditable(tx, id);
    await tx.delete(ssoProviders).where(eq(ssoProviders.id, before.id));
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'sso_provider.remove',
      entityType: 'sso_provider',
      entityId: before.id,
      before: snapshot(before),
      meta: actor.meta,
    });
  });
}

/**
 * At start-up: the OIDC_* provider is written (or removed when the variables are gone), so
 * every instance reads providers from one place. Idempotent, so instances may race.
 */
export async function syncEnvironmentProvider(
  db: Db,
  settings: SsoProviderSettings | null,
): Promise<void> {
  if (!settings) {
    await db.delete(ssoProviders).where(eq(ssoProviders.fromEnvironment, true));
    return;
  }
  checkIssuer(settings.issuerUrl);
  const values = {
    ...settings,
    clientSecret: settings.clientSecret ?? '',
    enabled: true,
    fromEnvironment: true,
  };
  await db.transaction(async (tx) => {
    await tx
      .delete(ssoProviders)
      .where(and(eq(ssoProviders.fromEnvironment, true), ne(ssoProviders.slug, settings.slug)));
    await tx
      .insert(ssoProviders)
      .values(values)
      .onConflictDoUpdate({
        target: ssoProviders.slug,
        set: { ...values, updatedAt: sql`now()` },
      });
  });
}
