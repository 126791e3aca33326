// What a provider says about a person, read from its claims (pure: no I/O).
import type { Role } from '@punchclock/shared/domain/roles';

export interface Identity {
  email: string;
  emailVerified: boolean;
  name: string | null;
  groups: string[];
}

type Claims = Record<string, unknown>;

/** The email, whether the provider vouches for it, the name and the groups (from `groupsClaim`). */
export function readIdentity(
  claims: Claims,
  options: { groupsClaim: string | null },
): Identity | null {
  const email = typeof claims.email === 'string' ? claims.email.trim() : '';
  if (email === '') return null;
  // Some providers send the boolean as a string.
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  const name =
    typeof claims.name === 'string' && claims.name.trim().length >= 2
      ? claims.name.trim().slice(0, 100)
      : null;
  return { email, emailVerified: verified, name, groups: readGroups(claims, options.groupsClaim) };
}

/** A claim may be an array of names, one name, or (Keycloak's "/path/group") paths. */
function readGroups(claims: Claims, claim: string | null): string[] {
  if (!claim) return [];
  const value = claims[claim];
  const list = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  return list.filter((entry): entry is string => typeof entry === 'string');
}

/** Highest first: a person in several mapped groups gets the strongest role among them. */
const ROLE_STRENGTH: readonly Role[] = ['admin', 'sme', 'team_lead', 'employee'];

/** The role the groups map to, or null when none of them is mapped (the role then stays). */
export function roleFromGroups(groups: string[], groupRoles: Record<string, Role>): Role | null {
  const mapped = new Set(
    groups.flatMap((group) => {
      const role = Object.hasOwn(groupRoles, group) ? groupRoles[group] : undefined;
      return role ? [role] : [];
    }),
  );
  return ROLE_STRENGTH.find((role) => mapped.has(role)) ?? null;
}

/**
 * Where to land after signing in: a path on this site, never another origin ("//evil",
 * "/\\evil" and "https:" are refused) and never a character a header cannot carry (the web
 * app's own paths are ASCII), else the home page.
 */
export function safeReturnPath(value: string | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\'))
    return '/';
  // Printable ASCII only: it goes into a Location header, which holds nothing else.
  if (!/^[\x21-\x7e]+$/.test(value)) return '/';
  return value;
}
