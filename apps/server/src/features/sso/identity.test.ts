import { describe, expect, it } from 'vitest';
import {
  nameForNewPerson,
  readIdentity,
  roleAtSignIn,
  roleFromGroups,
  safeReturnPath,
} from './identity.ts';

describe('readIdentity', () => {
  it('reads the email, whether it is verified (also as a string), the name and the groups', () => {
    expect(
      readIdentity(
        { email: ' ana@example.com ', email_verified: 'true', name: 'Ana', roles: ['A', 7, 'B'] },
        { groupsClaim: 'roles' },
      ),
    ).toEqual({
      email: 'ana@example.com',
      emailVerified: true,
      name: 'Ana',
      groups: ['A', 'B'],
      groupsSent: true,
    });
  });

  it('takes a single group name, and no groups without a claim to read them from', () => {
    expect(
      readIdentity({ email: 'a@b.c', groups: 'Leads' }, { groupsClaim: 'groups' })?.groups,
    ).toEqual(['Leads']);
    expect(
      readIdentity({ email: 'a@b.c', groups: ['Leads'] }, { groupsClaim: null })?.groups,
    ).toEqual([]);
  });

  it('is unverified unless the provider says so, and nothing without an email', () => {
    expect(readIdentity({ email: 'a@b.c' }, { groupsClaim: null })?.emailVerified).toBe(false);
    expect(
      readIdentity({ email: 'a@b.c', email_verified: false }, { groupsClaim: null })?.emailVerified,
    ).toBe(false);
    expect(readIdentity({ sub: '123' }, { groupsClaim: null })).toBeNull();
    expect(readIdentity({ email: '  ' }, { groupsClaim: null })).toBeNull();
  });

  it('leaves out a name too short to be one', () => {
    expect(readIdentity({ email: 'a@b.c', name: 'A' }, { groupsClaim: null })?.name).toBeNull();
  });
});

describe('roleFromGroups', () => {
  const mapping = {
    Admins: 'admin',
    Leads: 'team_lead',
    Payroll: 'sme',
    Staff: 'employee',
  } as const;

  it('gives the strongest mapped role', () => {
    expect(roleFromGroups(['Staff', 'Leads'], mapping)).toBe('team_lead');
    expect(roleFromGroups(['Leads', 'Payroll'], mapping)).toBe('sme');
    expect(roleFromGroups(['Staff', 'Admins', 'Leads'], mapping)).toBe('admin');
    expect(roleFromGroups(['Staff'], mapping)).toBe('employee');
  });

  it('gives nothing when no group is mapped, and ignores inherited names', () => {
    expect(roleFromGroups(['Other'], mapping)).toBeNull();
    expect(roleFromGroups([], mapping)).toBeNull();
    expect(roleFromGroups(['constructor', 'toString'], mapping)).toBeNull();
  });
});

describe('roleAtSignIn', () => {
  const mapping = { Admins: 'admin', Leads: 'team_lead' } as const;
  const sent = (groups: string[]) => ({ groups, groupsSent: true });

  it('gives the mapped role, or nothing when it is already held', () => {
    expect(roleAtSignIn('employee', sent(['Admins']), mapping)).toBe('admin');
    expect(roleAtSignIn('admin', sent(['Admins']), mapping)).toBeNull();
  });

  it('takes back a role the mapping grants once no mapped group is left', () => {
    expect(roleAtSignIn('admin', sent(['Everyone']), mapping)).toBe('employee');
    expect(roleAtSignIn('team_lead', sent([]), mapping)).toBe('employee');
  });

  it('leaves roles the mapping never names, and everything when no groups claim came', () => {
    expect(roleAtSignIn('sme', sent(['Everyone']), mapping)).toBeNull();
    expect(roleAtSignIn('employee', sent([]), mapping)).toBeNull();
    expect(roleAtSignIn('admin', { groups: [], groupsSent: false }, mapping)).toBeNull();
  });
});

describe('safeReturnPath', () => {
  it('keeps a path of this site', () => {
    expect(safeReturnPath('/history?week=2026-11-23')).toBe('/history?week=2026-11-23');
  });

  it.each([
    undefined,
    '',
    'history',
    '//evil.example',
    '/\\evil.example',
    'https://evil.example/',
    '/ok\nSet-Cookie: x',
    '/中文',
  ])('sends %j home', (value) => {
    expect(safeReturnPath(value)).toBe('/');
  });
});

describe('nameForNewPerson', () => {
  const identity = (email: string, name: string | null = null) => ({
    email,
    emailVerified: true,
    name,
    groups: [],
    groupsSent: false,
  });
  it('takes the provider’s name, else the email’s local part, else the whole address', () => {
    expect(nameForNewPerson(identity('pat.lee@example.com', 'Pat Lee'))).toBe('Pat Lee');
    expect(nameForNewPerson(identity('pat.lee@example.com'))).toBe('pat.lee');
    expect(nameForNewPerson(identity('a@b.co'))).toBe('a@b.co');
  });
  it('reads the given and family names when no full name is sent', () => {
    const read = readIdentity(
      { email: 'pat@example.com', given_name: 'Pat', family_name: 'Lee' },
      { groupsClaim: null },
    );
    expect(read?.name).toBe('Pat Lee');
  });
});
