import { describe, expect, it } from 'vitest';
import {
  dbQueueMaxWaitMs,
  loadConfig,
  readBackupConfig,
  readSsoFromEnvironment,
} from './config.ts';

describe('pay configuration', () => {
  it('defaults to bi-weekly periods from Sunday 2026-01-04 until the setup says, Sunday weeks and 44 h', () => {
    expect(loadConfig({}).pay).toEqual({
      calendar: { kind: 'biweekly', anchorDate: '2026-01-04' },
      followsSetup: true,
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
      // PAY_PERIOD set: it wins over the calendar chosen in the setup.
      followsSetup: false,
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

describe('backup configuration', () => {
  it('defaults to nightly at 3, keeping 7, in DATA_DIR/backups', () => {
    expect(readBackupConfig({ INIT_CWD: '/srv/punchclock' })).toEqual({
      enabled: true,
      dir: '/srv/punchclock/data/backups',
      keep: 7,
      hour: 3,
    });
    expect(readBackupConfig({ INIT_CWD: '/srv', DATA_DIR: '/var/lib/pc' }).dir).toBe(
      '/var/lib/pc/backups',
    );
  });

  it('reads every setting', () => {
    expect(
      readBackupConfig({
        INIT_CWD: '/srv',
        BACKUPS_ENABLED: 'false',
        BACKUP_DIR: 'snapshots',
        BACKUP_KEEP: '30',
        BACKUP_HOUR: '0',
      }),
    ).toEqual({ enabled: false, dir: '/srv/snapshots', keep: 30, hour: 0 });
    expect(readBackupConfig({ BACKUP_HOUR: '23' }).hour).toBe(23);
  });

  it('refuses bad values at start-up with the variable named', () => {
    for (const hour of ['24', '-1', '3.5', 'three', '003']) {
      expect(() => readBackupConfig({ BACKUP_HOUR: hour }), hour).toThrow(/BACKUP_HOUR/);
    }
    for (const keep of ['0', '-2', '1.5', 'all']) {
      expect(() => readBackupConfig({ BACKUP_KEEP: keep }), keep).toThrow(/BACKUP_KEEP/);
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

describe('single sign-on from OIDC_* variables', () => {
  it('is off without OIDC_ISSUER', () => {
    expect(readSsoFromEnvironment({})).toBeNull();
  });

  it('reads the provider, its defaults and group roles', () => {
    expect(
      readSsoFromEnvironment({
        OIDC_ISSUER: 'https://login.example.com/realms/acme',
        OIDC_CLIENT_ID: 'punchclock',
        OIDC_CLIENT_SECRET: 's3cret',
        OIDC_UNKNOWN_PEOPLE: 'create',
        OIDC_TRUST_EMAILS: 'true',
        OIDC_GROUPS_CLAIM: 'groups',
        OIDC_GROUP_ROLES: 'Shift Leads=team_lead, Payroll = sme,',
      }),
    ).toEqual({
      slug: 'sso',
      name: 'Single sign-on',
      issuerUrl: 'https://login.example.com/realms/acme',
      clientId: 'punchclock',
      clientSecret: 's3cret',
      unknownPeople: 'create',
      trustEmails: true,
      groupsClaim: 'groups',
      groupRoles: { 'Shift Leads': 'team_lead', Payroll: 'sme' },
      enabled: true,
    });
  });

  it('refuses what the admin form would refuse, naming the setting', () => {
    expect(() =>
      readSsoFromEnvironment({
        OIDC_ISSUER: 'https://login.example.com',
        OIDC_CLIENT_ID: 'x',
        OIDC_GROUP_ROLES: 'Leads=boss',
      }),
    ).toThrow(/OIDC settings: groupRoles/);
    expect(() => readSsoFromEnvironment({ OIDC_ISSUER: 'not a url', OIDC_CLIENT_ID: 'x' })).toThrow(
      /OIDC settings: issuerUrl/,
    );
  });
});

describe('the database queue (DB_QUEUE_*)', () => {
  it('queues on the embedded database and not on PostgreSQL unless told, and 0 turns it off', () => {
    const defaults = loadConfig({});
    expect(defaults.dbQueue).toEqual({ concurrency: 4, maxWaitMs: null });
    expect(dbQueueMaxWaitMs(defaults, 'pglite')).toBe(200);
    expect(dbQueueMaxWaitMs(defaults, 'postgres')).toBe(0);
    const set = loadConfig({ DB_QUEUE_MAX_WAIT_MS: '500', DB_QUEUE_CONCURRENCY: '2' });
    expect(set.dbQueue).toEqual({ concurrency: 2, maxWaitMs: 500 });
    expect(dbQueueMaxWaitMs(set, 'postgres')).toBe(500);
    expect(dbQueueMaxWaitMs(loadConfig({ DB_QUEUE_MAX_WAIT_MS: '0' }), 'pglite')).toBe(0);
  });

  it('refuses values that are not whole numbers', () => {
    expect(() => loadConfig({ DB_QUEUE_MAX_WAIT_MS: '1.5s' })).toThrow(/DB_QUEUE_MAX_WAIT_MS/);
    expect(() => loadConfig({ DB_QUEUE_CONCURRENCY: '0' })).toThrow(/DB_QUEUE_CONCURRENCY/);
  });
});
