// What a session's user agent says about the device, for Account → Where you're signed in.
import Bowser from 'bowser';
import type { SessionPlatform } from '@punchclock/shared/contracts/signed-in-sessions';

export interface DeviceDescription {
  browser: string | null;
  browserVersion: string | null;
  os: string | null;
  device: string | null;
  platform: SessionPlatform;
}

const KNOWN_PLATFORMS: readonly SessionPlatform[] = ['desktop', 'mobile', 'tablet', 'tv'];

/**
 * The browser, its major version, the system and (phones, tablets) the model, as bowser reads
 * them: the words are product names, the same in every language; the web app joins them
 * ("Chrome 131 on Windows", "Safari on iPhone") in the reader's language.
 */
export function describeUserAgent(userAgent: string | null): DeviceDescription {
  if (!userAgent) {
    return { browser: null, browserVersion: null, os: null, device: null, platform: 'unknown' };
  }
  const parsed = Bowser.parse(userAgent);
  const platformType = parsed.platform.type as SessionPlatform | undefined;
  const platform =
    platformType && KNOWN_PLATFORMS.includes(platformType) ? platformType : 'unknown';
  return {
    browser: parsed.browser.name || null,
    browserVersion: parsed.browser.version?.split('.')[0] || null,
    os: parsed.os.name || null,
    device: platform === 'mobile' || platform === 'tablet' ? parsed.platform.model || null : null,
    platform,
  };
}
