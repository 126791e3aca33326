import { describe, expect, it } from 'vitest';
import { roleAfterChange, teamAfterChange } from './group-mapping.ts';
import type { MappedGroup } from './scim-repository.ts';

const group = (id: string, mapping: Partial<MappedGroup>): MappedGroup => ({
  id,
  displayName: id,
  teamId: null,
  role: null,
  ...mapping,
});
const admins = group('admins', { role: 'admin' });
const leads = group('leads', { role: 'team_lead', teamId: 'team-a' });
const desk = group('desk', { teamId: 'front-desk' });

describe('roleAfterChange', () => {
  it('joining a group that gives a role: the strongest role of their role-mapped groups', () => {
    expect(roleAfterChange('employee', [admins], null, 'admin')).toBe('admin');
    expect(roleAfterChange('employee', [admins, leads], null, 'team_lead')).toBe('admin');
    expect(roleAfterChange('admin', [admins], null, 'admin')).toBeNull();
  });

  it('leaving takes back only the role that group gave', () => {
    expect(roleAfterChange('admin', [], 'admin', null)).toBe('employee');
    expect(roleAfterChange('admin', [leads], 'admin', null)).toBe('team_lead');
    // Given by hand since, or by another group: it stays.
    expect(roleAfterChange('sme', [], 'admin', null)).toBeNull();
    expect(roleAfterChange('admin', [admins], 'team_lead', null)).toBeNull();
  });

  it('a group that gives no role changes no role', () => {
    expect(roleAfterChange('admin', [desk], null, null)).toBeNull();
    expect(roleAfterChange('admin', [], null, null)).toBeNull();
    // Nor does a change that leaves the role it gives as it was.
    expect(roleAfterChange('sme', [admins], 'admin', 'admin')).toBeNull();
  });

  it('a mapping changed to another role: the strongest role of their groups now', () => {
    const nowSme = group('admins', { role: 'sme' });
    expect(roleAfterChange('admin', [nowSme], 'admin', 'sme')).toBe('sme');
  });
});

describe('teamAfterChange', () => {
  it('joining a team group: the first team group by name', () => {
    expect(teamAfterChange(null, [desk], null, 'front-desk')).toBe('front-desk');
    expect(teamAfterChange('kitchen', [desk, leads], null, 'team-a')).toBe('front-desk');
    expect(teamAfterChange('front-desk', [desk], null, 'front-desk')).toBeUndefined();
  });

  it('leaving takes back only the team that group gave', () => {
    expect(teamAfterChange('front-desk', [], 'front-desk', null)).toBeNull();
    expect(teamAfterChange('front-desk', [leads], 'front-desk', null)).toBe('team-a');
    expect(teamAfterChange('kitchen', [], 'front-desk', null)).toBeUndefined();
  });

  it('a group that gives no team changes no team', () => {
    expect(teamAfterChange('front-desk', [admins], null, null)).toBeUndefined();
  });
});
