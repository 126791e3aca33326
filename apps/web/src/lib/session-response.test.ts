import { describe, expect, it } from 'vitest';
import { sessionResponseSchema } from '@punchclock/shared/contracts/auth';
import { parseSessionResponse } from './session-response';

const USER = {
  id: '123e4567-e89b-42d3-a456-426614174000',
  email: 'emma@example.com',
  name: 'Emma',
  role: 'employee',
  language: null,
};
const VALID = { user: USER, idleTimeoutMinutes: 60, timeZone: 'America/Toronto' };

const valid: unknown[] = [
  VALID,
  { ...VALID, user: null },
  { ...VALID, user: { ...USER, name: null, role: null } },
  { ...VALID, user: { ...USER, language: 'fr-CA' } },
  { ...VALID, user: { ...USER, language: 'en' } },
  { ...VALID, user: { ...USER, id: '00000000-0000-0000-0000-000000000000' } },
  { ...VALID, user: { ...USER, id: '123E4567-E89B-72D3-B456-426614174000' } },
  { ...VALID, extra: 'dropped', user: { ...USER, extra: 'dropped' } },
  { ...VALID, twoFactorSetupRequired: true },
];

const invalid: unknown[] = [
  null,
  'session',
  [],
  {},
  { ...VALID, user: undefined },
  { ...VALID, twoFactorSetupRequired: false },
  { ...VALID, twoFactorSetupRequired: 'yes' },
  { ...VALID, user: { ...USER, id: 'not-a-uuid' } },
  { ...VALID, user: { ...USER, id: '123e4567-e89b-02d3-a456-426614174000' } },
  { ...VALID, user: { ...USER, id: '123e4567-e89b-42d3-c456-426614174000' } },
  { ...VALID, user: { ...USER, email: 7 } },
  { ...VALID, user: { ...USER, name: undefined } },
  { ...VALID, user: { ...USER, role: 'owner' } },
  { ...VALID, user: { ...USER, role: undefined } },
  { ...VALID, user: { ...USER, language: 'fr' } },
  { ...VALID, user: { ...USER, language: undefined } },
  { ...VALID, user: [] },
  { ...VALID, idleTimeoutMinutes: 0 },
  { ...VALID, idleTimeoutMinutes: -5 },
  { ...VALID, idleTimeoutMinutes: 1.5 },
  { ...VALID, idleTimeoutMinutes: '60' },
  { ...VALID, idleTimeoutMinutes: 2 ** 60 },
  { ...VALID, idleTimeoutMinutes: Number.NaN },
  { ...VALID, timeZone: null },
];

describe('the session reply read without zod', () => {
  it.each(valid.map((payload) => [JSON.stringify(payload), payload]))(
    'accepts what the contract accepts, and yields the same value: %s',
    (_label, payload) => {
      expect(parseSessionResponse(payload)).toEqual(sessionResponseSchema.parse(payload));
    },
  );

  it.each(invalid.map((payload) => [String(JSON.stringify(payload)), payload]))(
    'refuses what the contract refuses: %s',
    (_label, payload) => {
      expect(sessionResponseSchema.safeParse(payload).success).toBe(false);
      expect(() => parseSessionResponse(payload)).toThrow(/does not match the contract/);
    },
  );
});
