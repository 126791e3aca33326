// What a provider says about a person, read from its claims (pure: no I/O).
import type { Role } from '@punchclock/shared/domain/roles';

export interface Identity {
  email: string;
  emailVerified: boolean;
  name: string | null;
  groups: string[];
  /** Whether the token carried the groups claim at all: one without it says nothing about roles. */
  groupsSent: boolean;
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
  // The full name, else the given and family names (some providers send only those).
  const parts = [claims.given_name, claims.family_name].filter(
    (part): part is string => typeof part === 'string' && part.trim() !== '',
  );
  const fullName = typeof claims.name === 'string' ? claims.name : parts.join(' ');
  const name = fullName.trim().length >= 2 ? fullName.trim().slice(0, 100) : null;
  const groupsSent = options.groupsClaim !== null && Object.hasOwn(claims, options.groupsClaim);
  return {
    email,
    emailVerified: verified,
    name,
    groups: readGroups(claims, options.groupsClaim),
    groupsSent,
  };
}

/**
 * The name of a person made at their first sign-in: the provider's, else the email's local part
 * ("pat.lee" for pat.lee@example.com; the whole address when that is under 2 characters), so
 * nobody is listed without one. They or an admin can change it.
 */
export function nameForNewPerson(identity: Identity): string {
  if (identity.name) return identity.name;
  const local = identity.email.slice(0, identity.email.lastIndexOf('@')).trim();
  return (local.length >= 2 ? local : identity.email).slice(0, 100);
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
 * The role a sign-in gives (#33), or null to leave it. The strongest mapped group's role; when
 * none of the person's groups is mapped but they hold a role the mapping grants, the directory
 * gave it and has taken it away (removed from the admin group): back to employee. A role the
 * mapping never names (given by an admin by hand) stays, and so does everything when the token
 * carried no groups claim.
 */
export function roleAtSignIn(
  current: Role | null,
  identity: Pick<Identity, 'groups' | 'groupsSent'>,
  groupRoles: Record<string, Role>,
): Role | null {
  if (!identity.groupsSent) return null;
  const mapped = roleFromGroups(identity.groups, groupRoles);
  if (mapped) return mapped === current ? null : mapped;
  const granted = new Set(Object.values(groupRoles));
  const held = current ?? 'employee';
  return held !== 'employee' && granted.has(held) ? 'employee' : null;
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
