import { credentialCookie } from '../../platform/session-cookie.ts';

/**
 * A kiosk device's credential. Strict: the kiosk screen is only ever opened directly. Browsers
 * cap a cookie's life at 400 days; a device is ended by an admin revoking it, not by age.
 */
const deviceCookie = credentialCookie('punchclock_kiosk', {
  sameSite: 'strict',
  maxAgeSeconds: () => 400 * 24 * 3600,
});

export const readDeviceToken = deviceCookie.read;
export const setDeviceCookie = deviceCookie.set;
export const clearDeviceCookie = deviceCookie.clear;
