import { describe, expect, it } from 'vitest';
import { getRoleFlags, hasRequiredRole, isRole, ROLES, type Role } from './roles.ts';

const EVERY_ROLE: Array<Role | null | undefined> = [...ROLES, null, undefined];

describe('roles', () => {
  it('are the four product roles', () => {
    expect([...ROLES]).toEqual(['admin', 'team_lead', 'employee', 'sme']);
  });

  it('recognises only those role names', () => {
    for (const role of ROLES) expect(isRole(role)).toBe(true);
    for (const value of ['Admin', 'manager', '', null, undefined, 1]) {
      expect(isRole(value)).toBe(false);
    }
  });
});

describe('getRoleFlags', () => {
  it.each([
    ['admin', { isAdmin: true, isTeamLead: false, isSme: false }],
    ['team_lead', { isAdmin: false, isTeamLead: true, isSme: false }],
    ['sme', { isAdmin: false, isTeamLead: false, isSme: true }],
    ['employee', { isAdmin: false, isTeamLead: false, isSme: false }],
    [null, { isAdmin: false, isTeamLead: false, isSme: false }],
    [undefined, { isAdmin: false, isTeamLead: false, isSme: false }],
  ] as const)('%s', (role, flags) => {
    expect(getRoleFlags(role)).toEqual(flags);
  });
});

describe('hasRequiredRole', () => {
  it('lets every signed-in user through when no role is required', () => {
    for (const role of EVERY_ROLE) expect(hasRequiredRole(role, undefined)).toBe(true);
  });

  it('lets admin through every guard', () => {
    for (const required of ROLES) expect(hasRequiredRole('admin', required)).toBe(true);
  });

  it('otherwise needs exactly the required role', () => {
    const allowed: Array<[Role, Role]> = [];
    for (const role of ROLES) {
      for (const required of ROLES) {
        if (hasRequiredRole(role, required)) allowed.push([role, required]);
      }
    }
    expect(allowed).toEqual([
      ['admin', 'admin'],
      ['admin', 'team_lead'],
      ['admin', 'employee'],
      ['admin', 'sme'],
      ['team_lead', 'team_lead'],
      ['employee', 'employee'],
      ['sme', 'sme'],
    ]);
  });

  it('refuses a missing role any guard that requires one', () => {
    for (const required of ROLES) {
      expect(hasRequiredRole(null, required)).toBe(false);
      expect(hasRequiredRole(undefined, required)).toBe(false);
    }
  });
});
