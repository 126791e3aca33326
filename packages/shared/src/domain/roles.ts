import { t } from '@lingui/core/macro';
export const ROLES = ['admin', 'team_lead', 'employee', 'sme'] as const;
export type Role = (typeof ROLES)[number];

export interface RoleFlags {
  isAdmin: boolean;
  isTeamLead: boolean;
  isSme: boolean;
}

export function getRoleFlags(role: Role | null | undefined): RoleFlags {
  return { isAdmin: role === 'admin', isTeamLead: role === 'team_lead', isSme: role === 'sme' };
}

/** A required role, or a list of roles any of which will do. */
export type RoleRequirement = Role | readonly Role[];

/**
 * Who may call an endpoint. Every /api route must declare one — the server refuses to start
 * otherwise — so a new endpoint cannot ship unguarded by accident.
 */
export type Access = 'public' | 'signed-in' | RoleRequirement;

/**
 * The guard rule shared by the browser's route guard and the server's endpoint guard:
 * no required role → any signed-in user; admin passes everything; otherwise the role must be
 * the required one (or one of the required ones).
 */
export function hasRequiredRole(
  role: Role | null | undefined,
  required: RoleRequirement | undefined,
): boolean {
  if (!required) return true;
  if (role === 'admin') return true;
  if (!role) return false;
  return typeof required === 'string' ? role === required : required.includes(role);
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export const ROLE_LABELS: Record<Role, string> = {
  get admin() {
    // The person, not the Admin screen's title, which is the same English word.
    return t({ message: 'Admin', context: 'role' });
  },
  get team_lead() {
    return t`Team lead`;
  },
  get employee() {
    return t`Employee`;
  },
  get sme() {
    return t`SME`;
  },
};
