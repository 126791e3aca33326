import type { SessionResponse, SessionUser } from '@punchclock/shared/contracts/auth';
import { ROLES, type Role } from '@punchclock/shared/domain/roles';
import { isLocale } from '@punchclock/shared/i18n/locales';

/*
 * GET /api/auth/session is the first request of every page, the sign-in page included. Its
 * reply is checked here by hand, to the letter of contracts/auth sessionResponseSchema, so the
 * first page does not have to load zod (~26 KB gzip); session-response.test.ts holds the two
 * to the same verdicts. Every other reply is checked with its zod schema.
 */

/** zod's z.uuid(): RFC 9562 versions 1-8, plus the nil and max UUIDs. */
const UUID =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/i;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readUser(value: unknown): SessionUser | undefined {
  if (!isRecord(value)) return undefined;
  const { id, email, name, role, language } = value;
  if (typeof id !== 'string' || !UUID.test(id)) return undefined;
  if (typeof email !== 'string') return undefined;
  if (name !== null && typeof name !== 'string') return undefined;
  if (role !== null && !(ROLES as readonly unknown[]).includes(role)) return undefined;
  if (language !== null && !isLocale(language)) return undefined;
  return { id, email, name, role: role as Role | null, language };
}

/** The session reply, or an error like a failed schema check (the query then fails). */
export function parseSessionResponse(payload: unknown): SessionResponse {
  if (isRecord(payload)) {
    const { user, idleTimeoutMinutes, timeZone, twoFactorSetupRequired } = payload;
    const parsedUser = user === null ? null : readUser(user);
    if (
      parsedUser !== undefined &&
      (twoFactorSetupRequired === undefined || twoFactorSetupRequired === true) &&
      typeof idleTimeoutMinutes === 'number' &&
      Number.isSafeInteger(idleTimeoutMinutes) &&
      idleTimeoutMinutes > 0 &&
      typeof timeZone === 'string'
    ) {
      return {
        user: parsedUser,
        ...(twoFactorSetupRequired ? { twoFactorSetupRequired } : {}),
        idleTimeoutMinutes,
        timeZone,
      };
    }
  }
  throw new Error('The session reply does not match the contract');
}
