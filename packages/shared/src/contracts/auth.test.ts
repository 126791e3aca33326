import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  emailSchema,
  firstIssueMessage,
  invalidCredentialsMessage,
  optionalNameSchema,
  passwordSchema,
  signInRequestSchema,
  suspendedMessage,
} from './auth.ts';

const VALID = { email: 'ada@example.com', password: 'Password1' };

/** The message the sign-in toast would show, or null when the input is valid. */
function signInMessage(input: unknown): string | null {
  const result = signInRequestSchema.safeParse(input);
  return result.success ? null : firstIssueMessage(result.error);
}

/** An address of exactly `length` characters. */
function emailOfLength(length: number): string {
  const domain = '@example.com';
  return `${'a'.repeat(length - domain.length)}${domain}`;
}

describe('sign-in contract: email', () => {
  it('accepts a valid address and trims the whitespace around it', () => {
    const result = signInRequestSchema.parse({ ...VALID, email: '  Ada@Example.com \t' });
    expect(result.email).toBe('Ada@Example.com');
  });

  it.each([
    ['no at sign', 'ada.example.com'],
    ['no domain', 'ada@'],
    ['no top-level domain', 'ada@example'],
    ['spaces inside', 'ada lovelace@example.com'],
    ['empty', ''],
    ['only spaces', '   '],
  ])('rejects an address with %s as "Invalid email address"', (_case, email) => {
    expect(signInMessage({ ...VALID, email })).toBe('Invalid email address');
  });

  it('rejects a missing or non-string email as "Invalid email address"', () => {
    expect(signInMessage({ password: VALID.password })).toBe('Invalid email address');
    expect(signInMessage({ ...VALID, email: 42 })).toBe('Invalid email address');
    expect(signInMessage({ ...VALID, email: null })).toBe('Invalid email address');
  });

  it('allows 255 characters and refuses 256 with "Email too long"', () => {
    expect(emailOfLength(255)).toHaveLength(255);
    expect(signInMessage({ ...VALID, email: emailOfLength(255) })).toBeNull();
    expect(signInMessage({ ...VALID, email: emailOfLength(256) })).toBe('Email too long');
  });

  it('measures the length after trimming', () => {
    expect(signInMessage({ ...VALID, email: `   ${emailOfLength(255)}   ` })).toBeNull();
  });

  it('reports an invalid address before its length', () => {
    expect(signInMessage({ ...VALID, email: `${'a'.repeat(300)}@` })).toBe('Invalid email address');
  });

  it('is the same rule when used on its own', () => {
    expect(emailSchema.parse(' x@y.org ')).toBe('x@y.org');
    expect(emailSchema.safeParse('x@').success).toBe(false);
  });
});

describe('sign-in contract: password', () => {
  it.each([
    ['Password1', null],
    ['ABCDEFG1', null],
    ['Passw0rd', null],
    ['Pa1', 'Password must be at least 8 characters'],
    ['', 'Password must be at least 8 characters'],
    ['Passwo1', 'Password must be at least 8 characters'],
    ['password1', 'Password must contain an uppercase letter'],
    ['Password', 'Password must contain a number'],
    ['PASSWORD', 'Password must contain a number'],
  ])('"%s" gives %s', (password, message) => {
    expect(signInMessage({ ...VALID, password })).toBe(message);
  });

  it('checks the rules in order: length, then uppercase, then digit', () => {
    // "abc" breaks all three rules; "abcdefgh" the last two; "Abcdefgh" only the digit rule.
    expect(signInMessage({ ...VALID, password: 'abc' })).toBe(
      'Password must be at least 8 characters',
    );
    expect(signInMessage({ ...VALID, password: 'abcdefgh' })).toBe(
      'Password must contain an uppercase letter',
    );
    expect(signInMessage({ ...VALID, password: 'Abcdefgh' })).toBe(
      'Password must contain a number',
    );
  });

  it('rejects a missing password with the length message', () => {
    expect(signInMessage({ email: VALID.email })).toBe('Password must be at least 8 characters');
  });

  it('does not trim the password', () => {
    expect(passwordSchema.parse(' Passw0rd ')).toBe(' Passw0rd ');
  });

  it('bounds the length so hashing stays cheap', () => {
    expect(signInMessage({ ...VALID, password: `A1${'x'.repeat(254)}` })).toBeNull();
    expect(signInMessage({ ...VALID, password: `A1${'x'.repeat(255)}` })).toBe('Password too long');
  });
});

describe('sign-in contract: name', () => {
  it.each([
    ['left out', undefined],
    ['empty', ''],
    ['blank', '   '],
  ])('treats a name that is %s as not given', (_case, name) => {
    const result = signInRequestSchema.parse({ ...VALID, name });
    expect(result.name).toBeUndefined();
  });

  it('trims a given name', () => {
    expect(signInRequestSchema.parse({ ...VALID, name: '  Ada Lovelace ' }).name).toBe(
      'Ada Lovelace',
    );
  });

  it('needs at least 2 characters after trimming', () => {
    expect(signInMessage({ ...VALID, name: 'A' })).toBe('Name must be at least 2 characters');
    expect(signInMessage({ ...VALID, name: '  A  ' })).toBe('Name must be at least 2 characters');
    expect(signInMessage({ ...VALID, name: 'Al' })).toBeNull();
  });

  it('allows 100 characters and refuses 101 with "Name too long"', () => {
    expect(signInMessage({ ...VALID, name: 'n'.repeat(100) })).toBeNull();
    expect(signInMessage({ ...VALID, name: ` ${'n'.repeat(100)} ` })).toBeNull();
    expect(signInMessage({ ...VALID, name: 'n'.repeat(101) })).toBe('Name too long');
  });

  it('is the same rule when used on its own', () => {
    expect(optionalNameSchema.parse(' Bo ')).toBe('Bo');
    expect(optionalNameSchema.parse('')).toBeUndefined();
  });
});

describe('sign-in contract: which message is shown', () => {
  it('shows the email message first when every field is wrong', () => {
    expect(signInMessage({ email: 'nope', password: 'x', name: 'A' })).toBe(
      'Invalid email address',
    );
  });

  it('shows the password message before the name message', () => {
    expect(signInMessage({ ...VALID, password: 'password1', name: 'A' })).toBe(
      'Password must contain an uppercase letter',
    );
  });

  it('shows the name message when it is the only rule broken', () => {
    expect(signInMessage({ ...VALID, name: 'n'.repeat(101) })).toBe('Name too long');
  });

  it('falls back to a generic message for an error with no issues', () => {
    expect(firstIssueMessage(new z.ZodError([]))).toBe('Invalid request');
  });
});

describe('auth messages', () => {
  it('are the product wording, word for word', () => {
    expect(suspendedMessage()).toBe(
      'Your account has been suspended. Please contact an administrator.',
    );
    expect(invalidCredentialsMessage()).toBe('Invalid login credentials');
  });
});
