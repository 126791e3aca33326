import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('pay configuration', () => {
  it('defaults to bi-weekly periods from Sunday 2026-01-04, Sunday weeks and 44 h', () => {
    expect(loadConfig({}).pay).toEqual({
      calendar: { kind: 'biweekly', anchorDate: '2026-01-04' },
      workWeekStart: 0,
      overtimeWeeklyMinutes: 2640,
    });
  });

  it('reads every setting', () => {
    expect(
      loadConfig({
        PAY_PERIOD: 'weekly',
        PAY_PERIOD_ANCHOR: '2026-06-10',
        WORK_WEEK_START: '3',
        OVERTIME_WEEKLY_HOURS: '40.5',
      }).pay,
    ).toEqual({
      calendar: { kind: 'weekly', anchorDate: '2026-06-10' },
      workWeekStart: 3,
      overtimeWeeklyMinutes: 2430,
    });
    expect(loadConfig({ PAY_PERIOD: 'semimonthly' }).pay.calendar).toEqual({
      kind: 'semimonthly',
    });
    expect(loadConfig({ PAY_PERIOD: 'monthly' }).pay.calendar).toEqual({ kind: 'monthly' });
  });

  it('refuses bad values at start-up with the variable named', () => {
    expect(() => loadConfig({ PAY_PERIOD: 'fortnightly' })).toThrow(
      'PAY_PERIOD must be one of weekly, biweekly, semimonthly, monthly, got "fortnightly"',
    );
    expect(() => loadConfig({ PAY_PERIOD_ANCHOR: '2026-02-30' })).toThrow(/PAY_PERIOD_ANCHOR/);
    expect(() => loadConfig({ PAY_PERIOD_ANCHOR: '4 Jan 2026' })).toThrow(/PAY_PERIOD_ANCHOR/);
    for (const value of ['7', '-1', '1.5', 'monday']) {
      expect(() => loadConfig({ WORK_WEEK_START: value })).toThrow(/WORK_WEEK_START/);
    }
    // 40.01 h is 2400.6 minutes: not whole minutes.
    for (const value of ['0', '-4', '169', 'forty', '40.01']) {
      expect(() => loadConfig({ OVERTIME_WEEKLY_HOURS: value })).toThrow(/OVERTIME_WEEKLY_HOURS/);
    }
  });
});

describe('operations configuration', () => {
  it('defaults to a 10 s shutdown deadline and no metrics', () => {
    const config = loadConfig({});
    expect(config.shutdownTimeoutSeconds).toBe(10);
    expect(config.metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeNull();
  });

  it('reads SHUTDOWN_TIMEOUT_SECONDS and METRICS_TOKEN', () => {
    const token = 'a'.repeat(16);
    const config = loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '25', METRICS_TOKEN: token });
    expect(config.shutdownTimeoutSeconds).toBe(25);
    expect(config.metricsToken).toBe(token);
  });

  it('refuses a bad deadline, and a short or spaced token without echoing it', () => {
    for (const value of ['0', '-1', '2.5', 'ten']) {
      expect(() => loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: value })).toThrow(
        /SHUTDOWN_TIMEOUT_SECONDS/,
      );
    }
    for (const value of [
      'short-secret',
      'has spaces in it, 16+ chars',
      'tab\tseparated-token-0000',
    ]) {
      let message = '';
      try {
        loadConfig({ METRICS_TOKEN: value });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/^METRICS_TOKEN must be at least 16 printable characters/);
      expect(message).not.toContain(value);
    }
  });
});
