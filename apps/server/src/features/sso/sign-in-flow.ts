// Signing in through a provider: off to it with state, nonce and PKCE; back with a code.
import { and, eq, lt, sql } from 'drizzle-orm';
import type { SsoError } from '@punchclock/shared/contracts/sso';
import type { Role } from '@punchclock/shared/domain/roles';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { ssoSignIns } from '../../db/schema.ts';
import { writeAudit } from '../../platform/audit.ts';
import { isUniqueViolation } from '../../platform/errors.ts';
import type { RequestMeta } from '../../platform/request-meta.ts';
import { hashToken } from '../../platform/tokens.ts';
import { findFirstAdmin, openSession } from '../auth/index.ts';
import { findCredentialsByEmail, insertUser } from '../people/index.ts';
import { setUserRole } from '../users/index.ts';
import {
  nameForNewPerson,
  readIdentity,
  roleAtSignIn,
  safeReturnPath,
  type Identity,
} from './identity.ts';
import { authorizationUrl, finishCodeFlow, newSignInChecks } from './oidc.ts';
import { findProviderBySlug, redirectUriOf } from './providers.ts';

/** Minutes a person has to finish at the provider. */
const SIGN_IN_MINUTES = 10;

/**
 * Why a way back was refused, for the `auth.sso_failed` audit row (decision 0035): what is known
 * without trusting the request, never the state, code or tokens.
 */
export interface SsoFailure {
  reason:
    | 'provider_off'
    | 'no_state'
    | 'no_state_cookie'
    | 'state_mismatch'
    | 'unknown_state'
    | 'expired'
    | 'provider_error'
    | 'no_email'
    | 'token_rejected';
  /** The provider's OAuth error code when it sent one (e.g. `access_denied` after Deny). */
  providerError?: string;
}

/**
 * The sign-in ended on our sign-in page with this reason (the page shows its message). A refusal
 * with a `failure` has no audit row of its own yet: the route writes `auth.sso_failed`.
 */
export class SsoRefusal extends Error {
  constructor(
    readonly reason: SsoError,
    readonly failure?: SsoFailure,
  ) {
    super(reason);
  }
}

/** An OAuth error code as the provider sent it, when it looks like one (RFC 6749 §4.1.2.1). */
function oauthErrorCode(value: string): string {
  return /^[a-z_]{1,40}$/.test(value) ? value : 'other';
}

/**
 * Begins a sign-in: remembers the checks under the state's hash (any instance may get the way
 * back) and returns the provider's address and the state, which the browser also keeps in a
 * cookie so a callback started in another browser is refused (login CSRF).
 */
export async function startSignIn(
  db: Db,
  config: AppConfig,
  slug: string,
  returnTo: string | undefined,
): Promise<{ location: string; state: string }> {
  const provider = await findProviderBySlug(db, slug);
  if (!provider?.enabled) throw new SsoRefusal('disabled');
  const checks = await newSignInChecks();
  const location = await authorizationUrl(provider, redirectUriOf(config, slug), checks);
  await db.delete(ssoSignIns).where(lt(ssoSignIns.expiresAt, sql`now()`));
  await db.insert(ssoSignIns).values({
    id: hashToken(checks.state),
    providerId: provider.id,
    codeVerifier: checks.codeVerifier,
    nonce: checks.nonce,
    returnTo: safeReturnPath(returnTo),
    expiresAt: sql`now() + make_interval(mins => ${SIGN_IN_MINUTES})`,
  });
  return { location: location.href, state: checks.state };
}

export interface FinishedSignIn {
  token: string;
  returnTo: string;
}

/**
 * The provider sent the person back. The pending sign-in is taken once (a replayed callback
 * finds nothing); the code is traded and the ID token checked; then the person is found by
 * verified email, or made when the provider allows it, and refused when suspended.
 */
export async function finishSignIn(
  db: Db,
  config: AppConfig,
  slug: string,
  query: Record<string, string>,
  cookieState: string | undefined,
  meta: RequestMeta,
): Promise<FinishedSignIn> {
  const provider = await findProviderBySlug(db, slug);
  if (!provider?.enabled) throw new SsoRefusal('disabled', { reason: 'provider_off' });
  const state = query.state;
  if (!state) throw new SsoRefusal('failed', { reason: 'no_state' });
  // No cookie: the way back was opened in another browser than the one that set off.
  if (!cookieState) throw new SsoRefusal('failed', { reason: 'no_state_cookie' });
  if (state !== cookieState) throw new SsoRefusal('failed', { reason: 'state_mismatch' });
  const [pending] = await db
    .delete(ssoSignIns)
    .where(and(eq(ssoSignIns.id, hashToken(state)), eq(ssoSignIns.providerId, provider.id)))
    .returning();
  // Used already (a replay), or never started here.
  if (!pending) throw new SsoRefusal('failed', { reason: 'unknown_state' });
  if (pending.expiresAt.getTime() < Date.now()) {
    throw new SsoRefusal('failed', { reason: 'expired' });
  }
  if (query.error) {
    const providerError = oauthErrorCode(query.error);
    throw new SsoRefusal('failed', { reason: 'provider_error', providerError });
  }

  const callbackUrl = new URL(redirectUriOf(config, slug));
  for (const [key, value] of Object.entries(query)) callbackUrl.searchParams.set(key, value);
  const claims = await finishCodeFlow(provider, callbackUrl, {
    state,
    nonce: pending.nonce,
    codeVerifier: pending.codeVerifier,
  });
  const identity = readIdentity(claims, { groupsClaim: provider.groupsClaim });
  if (!identity) throw new SsoRefusal('email_unverified', { reason: 'no_email' });
  if (!identity.emailVerified && !provider.trustEmails) {
    await refusalAudit(db, 'auth.sso_refused_unverified_email', null, identity, slug, meta);
    throw new SsoRefusal('email_unverified');
  }

  const person = await findOrCreatePerson(db, provider, identity, meta);
  const mappedRole = roleAtSignIn(person.role, identity, provider.groupRoles);
  if (mappedRole) await applyMappedRole(db, person, mappedRole, meta);
  const token = await openSession(db, config, person.id, meta, { method: 'sso', provider: slug });
  return { token, returnTo: pending.returnTo };
}

/** Who signs in: found by email, or just made. */
interface Person {
  id: string;
  email: string;
  role: Role | null;
}

async function findOrCreatePerson(
  db: Db,
  provider: { slug: string; unknownPeople: 'refuse' | 'create' },
  identity: Identity,
  meta: RequestMeta,
): Promise<Person> {
  const known = await findCredentialsByEmail(db, identity.email);
  if (known) {
    if (known.isSuspended) {
      await refusalAudit(
        db,
        'auth.sign_in_refused_suspended',
        known.id,
        identity,
        provider.slug,
        meta,
      );
      throw new SsoRefusal('suspended');
    }
    return known;
  }
  if (provider.unknownPeople === 'refuse') {
    await refusalAudit(db, 'auth.sso_refused_unknown_person', null, identity, provider.slug, meta);
    throw new SsoRefusal('unknown_person');
  }
  try {
    const id = await createPerson(db, provider.slug, identity, meta);
    return { id, email: identity.email, role: 'employee' };
  } catch (error) {
    // Two first sign-ins at once: the unique email index lets one create, the other finds it.
    const made = isUniqueViolation(error) ? await findCredentialsByEmail(db, identity.email) : null;
    if (!made) throw error;
    return made;
  }
}

function createPerson(
  db: Db,
  slug: string,
  identity: Identity,
  meta: RequestMeta,
): Promise<string> {
  const name = nameForNewPerson(identity);
  return db.transaction(async (tx) => {
    // No password: this person signs in through the provider (an admin may send a link later).
    const id = await insertUser(tx, {
      email: identity.email,
      passwordHash: null,
      name,
      role: 'employee',
    });
    await writeAudit(tx, {
      actorId: null,
      action: 'user.create',
      entityType: 'user',
      entityId: id,
      after: {
        email: identity.email,
        name,
        role: 'employee',
        signInSetup: `single sign-on (${slug})`,
      },
      meta,
    });
    return id;
  });
}

/** The provider's groups say which role; the rule that keeps one active admin still holds. */
async function applyMappedRole(
  db: Db,
  person: Person,
  role: Role,
  meta: RequestMeta,
): Promise<void> {
  if (person.role === role) return;
  // The break-glass admin keeps the role whatever the provider says (decision 0035).
  if ((await findFirstAdmin(db))?.id === person.id) return;
  try {
    await setUserRole(db, person.email, role, { actorId: null, meta });
  } catch (error) {
    // The last active admin keeps the role; signing in still works.
    if ((error as { code?: string }).code !== 'last_admin') throw error;
  }
}

async function refusalAudit(
  db: Db,
  action: string,
  userId: string | null,
  identity: Identity,
  provider: string,
  meta: RequestMeta,
): Promise<void> {
  await writeAudit(db, {
    actorId: userId,
    action,
    entityType: 'user',
    entityId: userId,
    after: { email: identity.email, provider },
    meta,
  });
}
