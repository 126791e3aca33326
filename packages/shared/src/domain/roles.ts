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

/**
 * The guard rule shared by the browser's route guard and the server's endpoint guard:
 * no required role → any signed-in user; admin passes everything; otherwise the role must match.
 */
export function hasRequiredRole(
  role: Role | null | undefined,
  required: Role | undefined,
): boolean {
  if (!required) return true;
  if (role === 'admin') return true;
  return role === required;
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  team_lead: 'Team lead',
  employee: 'Employee',
  sme: 'SME',
};
