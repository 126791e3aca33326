import { describe, expect, it } from 'vitest';
import { parseGroupRoles } from './sso-provider-form';

describe('parseGroupRoles', () => {
  it('reads one "Group = role" mapping a line, skipping blank lines and spaces', () => {
    expect(parseGroupRoles('Payroll team = admin\n\n  Floor leads=team_lead  \n')).toEqual({
      'Payroll team': 'admin',
      'Floor leads': 'team_lead',
    });
  });

  it('splits on the last "=", so a group name may hold one', () => {
    expect(parseGroupRoles('a=b = employee')).toEqual({ 'a=b': 'employee' });
  });

  it('reads nothing as no mapping', () => {
    expect(parseGroupRoles('')).toEqual({});
  });

  it.each([
    ['a line without "="', 'Payroll admin'],
    ['an unknown role', 'Payroll = boss'],
    ['no group name', ' = admin'],
  ])('refuses %s, naming the roles', (_case, text) => {
    const result = parseGroupRoles(text);
    expect(typeof result).toBe('string');
    expect(result).toMatch(/^Write each mapping as “Group name = role”, the role one of: .*admin/);
  });
});
