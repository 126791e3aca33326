import { i18n } from '@lingui/core';
import { formatDistanceToNowStrict } from 'date-fns';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatRelativeToNow } from './relative-time';

const MINUTE = 60_000;

describe('formatRelativeToNow', () => {
  afterEach(() => i18n.activate('en'));

  it('reads in English exactly as date-fns formatDistanceToNowStrict with a suffix', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    const offsets = [0, -1_000, -30_000, -89_000, -5 * MINUTE, -3 * 60 * MINUTE, 10 * MINUTE];
    // Every unit boundary and a spread of whole minutes, past and future, up to three years.
    for (let minutes = 1; minutes < 3 * 525_600; minutes = Math.ceil(minutes * 1.13)) {
      offsets.push(minutes * MINUTE + 29_000, -minutes * MINUTE - 31_000);
    }
    vi.useFakeTimers({ now });
    try {
      for (const offset of offsets) {
        const date = new Date(now + offset);
        const expected = formatDistanceToNowStrict(date, { addSuffix: true });
        expect(formatRelativeToNow(date, now), `${offset} ms`).toBe(expected);
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads in French (Canada) with the same unit and rounding', () => {
    i18n.loadAndActivate({ locale: 'fr-CA', messages: {} });
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(formatRelativeToNow(new Date(now - 5 * MINUTE), now)).toBe('il y a 5 minutes');
    expect(formatRelativeToNow(new Date(now - 90 * MINUTE), now)).toBe('il y a 2 heures');
    expect(formatRelativeToNow(new Date(now + 3 * 1440 * MINUTE), now)).toBe('dans 3 jours');
  });
});
