import { describe, expect, it } from 'vitest';
import { describeDevice, describeSignInMethod } from './session-labels';

describe('describeDevice', () => {
  it('names the browser, its version and the system', () => {
    expect(
      describeDevice({ browser: 'Chrome', browserVersion: '131', os: 'Windows', device: null }),
    ).toBe('Chrome 131 on Windows');
  });
  it('names a phone by its model, without the version', () => {
    expect(
      describeDevice({ browser: 'Safari', browserVersion: '17', os: 'iOS', device: 'iPhone' }),
    ).toBe('Safari on iPhone');
  });
  it('says what it knows, or that it does not know', () => {
    expect(describeDevice({ browser: null, browserVersion: null, os: 'Linux', device: null })).toBe(
      'Linux',
    );
    expect(describeDevice({ browser: null, browserVersion: null, os: null, device: null })).toBe(
      'Unknown device',
    );
  });
});

describe('describeSignInMethod', () => {
  it('names each way in', () => {
    expect(describeSignInMethod('password')).toBe('Password');
    expect(describeSignInMethod('sso:okta')).toBe('Single sign-on (okta)');
    expect(describeSignInMethod('passkey')).toBe('Passkey');
    expect(describeSignInMethod('password+recovery')).toBe('Password and recovery code');
    expect(describeSignInMethod('password+passkey')).toBe('Password and passkey');
    expect(describeSignInMethod('password:two-factor-setup')).toBe(
      'Password, setting up two-step verification',
    );
    expect(describeSignInMethod(null)).toBe('Sign-in method not recorded');
  });
});
