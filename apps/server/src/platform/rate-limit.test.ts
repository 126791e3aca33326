import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type AppConfig } from '../config.ts';
import { rateLimits } from '../db/schema.ts';
import { buildTestApp, nextTestIp, postSignIn } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { createTestUser, uniqueEmail } from '../test/factories.ts';

const WRONG_PASSWORD = 'Wrong-password-9';

const ROOMY = 10_000;

/** Failures allowed per address, per account at one address, and per account overall. */
function limits(perIp: number, perAccountAtIp: number, perAccount = ROOMY): Partial<AppConfig> {
  return {
    signInLimits: {
      perIp: { limit: perIp, windowSeconds: 300 },
      perAccountAtIp: { limit: perAccountAtIp, windowSeconds: 900 },
      perAccount: { limit: perAccount, windowSeconds: 3600 },
    },
  };
}

const tooMany = (minutes: number) => ({
  message: `Too many failed sign-in attempts. Please try again in ${minutes} minutes.`,
  code: 'rate_limited',
});

describeEachDatabase('sign-in rate limits', (getDatabase) => {
  describe('per IP address', () => {
    let app: FastifyInstance;

    beforeAll(async () => {
      app = await buildTestApp(getDatabase().database, limits(3, ROOMY));
    });
    afterAll(async () => {
      await app.close();
    });

    it('answers 429 with retry-after once an address exceeds its limit', async () => {
      const user = await createTestUser(getDatabase().db);
      const ip = nextTestIp();
      for (let attempt = 1; attempt <= 3; attempt++) {
        const response = await postSignIn(
          app,
          { email: uniqueEmail('stranger'), password: WRONG_PASSWORD },
          { remoteAddress: ip },
        );
        expect(response.statusCode, `attempt ${attempt}`).toBe(401);
      }

      // Even the right password is not checked from this address any more.
      const blocked = await postSignIn(
        app,
        { email: user.email, password: user.password },
        { remoteAddress: ip },
      );
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual(tooMany(5));
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(240);
      expect(retryAfter).toBeLessThanOrEqual(300);
      expect(blocked.headers['set-cookie']).toBeUndefined();

      // Another address is unaffected.
      const elsewhere = await postSignIn(app, { email: user.email, password: user.password });
      expect(elsewhere.statusCode).toBe(200);
    });

    it('does not count successful sign-ins', async () => {
      const ip = nextTestIp();
      for (let person = 1; person <= 10; person++) {
        const user = await createTestUser(getDatabase().db);
        const response = await postSignIn(
          app,
          { email: user.email, password: user.password },
          { remoteAddress: ip },
        );
        expect(response.statusCode, `person ${person}`).toBe(200);
      }
      // Two failures still fit under the limit of three, then the third fills it.
      for (let attempt = 1; attempt <= 3; attempt++) {
        const response = await postSignIn(
          app,
          { email: uniqueEmail('stranger'), password: WRONG_PASSWORD },
          { remoteAddress: ip },
        );
        expect(response.statusCode, `failure ${attempt}`).toBe(401);
      }
      const user = await createTestUser(getDatabase().db);
      const blocked = await postSignIn(
        app,
        { email: user.email, password: user.password },
        { remoteAddress: ip },
      );
      expect(blocked.statusCode).toBe(429);
    });

    it('lets the address in again once its window has passed', async () => {
      const user = await createTestUser(getDatabase().db);
      const ip = nextTestIp();
      for (let attempt = 1; attempt <= 4; attempt++) {
        await postSignIn(
          app,
          { email: user.email, password: WRONG_PASSWORD },
          { remoteAddress: ip },
        );
      }
      const body = { email: user.email, password: user.password };
      expect((await postSignIn(app, body, { remoteAddress: ip })).statusCode).toBe(429);

      await getDatabase()
        .db.update(rateLimits)
        .set({ windowStartedAt: sql`now() - interval '301 seconds'` })
        .where(eq(rateLimits.key, `sign-in:ip:${ip}`));
      expect((await postSignIn(app, body, { remoteAddress: ip })).statusCode).toBe(200);
    });

    it('is shared by every server instance on the database', async () => {
      const second = await getDatabase().openSecondConnection();
      const otherApp = await buildTestApp(second, limits(3, ROOMY));
      try {
        const ip = nextTestIp();
        const body = { email: uniqueEmail('stranger'), password: WRONG_PASSWORD };
        expect((await postSignIn(app, body, { remoteAddress: ip })).statusCode).toBe(401);
        expect((await postSignIn(otherApp, body, { remoteAddress: ip })).statusCode).toBe(401);
        expect((await postSignIn(app, body, { remoteAddress: ip })).statusCode).toBe(401);
        expect((await postSignIn(otherApp, body, { remoteAddress: ip })).statusCode).toBe(429);
      } finally {
        await otherApp.close();
        await second.close();
      }
    });
  });

  describe('per account at one address', () => {
    let app: FastifyInstance;

    beforeAll(async () => {
      app = await buildTestApp(getDatabase().database, limits(ROOMY, 3));
    });
    afterAll(async () => {
      await app.close();
    });

    /** Failed attempts on one account from one address. */
    async function failSignIns(email: string, count: number, ip: string) {
      for (let attempt = 1; attempt <= count; attempt++) {
        const response = await postSignIn(
          app,
          { email, password: WRONG_PASSWORD },
          { remoteAddress: ip },
        );
        expect(response.statusCode, `failed attempt ${attempt}`).toBe(401);
      }
    }

    it('stops guesses from that address while the person signs in from another', async () => {
      const target = await createTestUser(getDatabase().db);
      const bystander = await createTestUser(getDatabase().db);
      const attacker = nextTestIp();
      await failSignIns(target.email, 3, attacker);

      const locked = await postSignIn(
        app,
        { email: target.email, password: target.password },
        { remoteAddress: attacker },
      );
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual(tooMany(15));
      const retryAfter = Number(locked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(840);
      expect(retryAfter).toBeLessThanOrEqual(900);
      expect(locked.headers['set-cookie']).toBeUndefined();

      // The real person, elsewhere, is not locked out.
      const real = await postSignIn(app, { email: target.email, password: target.password });
      expect(real.statusCode).toBe(200);
      // Another account from the attacker's very address is not affected either.
      const other = await postSignIn(
        app,
        { email: bystander.email, password: bystander.password },
        { remoteAddress: attacker },
      );
      expect(other.statusCode).toBe(200);
    });

    it('counts failures whatever the case or padding of the email', async () => {
      const target = await createTestUser(getDatabase().db);
      const ip = nextTestIp();
      await failSignIns(target.email.toUpperCase(), 2, ip);
      await failSignIns(`  ${target.email}  `, 1, ip);
      const locked = await postSignIn(
        app,
        { email: target.email, password: target.password },
        { remoteAddress: ip },
      );
      expect(locked.statusCode).toBe(429);
    });

    it('is cleared by a successful sign-in from that address', async () => {
      const user = await createTestUser(getDatabase().db);
      const ip = nextTestIp();
      const signInCorrectly = () =>
        postSignIn(app, { email: user.email, password: user.password }, { remoteAddress: ip });

      await failSignIns(user.email, 2, ip);
      expect((await signInCorrectly()).statusCode).toBe(200);
      // Without the reset these two would make four failures in the window.
      await failSignIns(user.email, 2, ip);
      expect((await signInCorrectly()).statusCode).toBe(200);
    });

    it('lets no more guesses through than the limit when they arrive all at once', async () => {
      const target = await createTestUser(getDatabase().db);
      const ip = nextTestIp();
      const responses = await Promise.all(
        Array.from({ length: 10 }, () =>
          postSignIn(app, { email: target.email, password: WRONG_PASSWORD }, { remoteAddress: ip }),
        ),
      );
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
    });

    it('also throttles guesses at an email that does not exist', async () => {
      const email = uniqueEmail('ghost');
      const ip = nextTestIp();
      await failSignIns(email, 3, ip);
      const response = await postSignIn(
        app,
        { email, password: WRONG_PASSWORD },
        { remoteAddress: ip },
      );
      expect(response.statusCode).toBe(429);
    });
  });

  describe('per account from every address', () => {
    let app: FastifyInstance;

    beforeAll(async () => {
      app = await buildTestApp(getDatabase().database, limits(ROOMY, ROOMY, 4));
    });
    afterAll(async () => {
      await app.close();
    });

    it('caps guesses spread over many addresses, for an hour, and a success does not reset it', async () => {
      const target = await createTestUser(getDatabase().db);
      const guess = () => postSignIn(app, { email: target.email, password: WRONG_PASSWORD });
      for (let attempt = 1; attempt <= 3; attempt++) {
        expect((await guess()).statusCode, `guess ${attempt}`).toBe(401);
      }
      // The person signing in meanwhile does not hand the attacker a fresh allowance.
      const real = await postSignIn(app, { email: target.email, password: target.password });
      expect(real.statusCode).toBe(200);
      expect((await guess()).statusCode).toBe(401);

      const locked = await guess();
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual(tooMany(60));
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(3500);
    });
  });

  describe('with the default limits', () => {
    let app: FastifyInstance;

    beforeAll(async () => {
      app = await buildTestApp(getDatabase().database, {
        signInLimits: loadConfig({}).signInLimits,
      });
    });
    afterAll(async () => {
      await app.close();
    });

    it('lets 40 people behind one address sign in within minutes', async () => {
      const office = nextTestIp();
      const people = await Promise.all(
        Array.from({ length: 40 }, () => createTestUser(getDatabase().db)),
      );
      for (const [index, person] of people.entries()) {
        const response = await postSignIn(
          app,
          { email: person.email, password: person.password },
          { remoteAddress: office },
        );
        expect(response.statusCode, `person ${index + 1}: ${response.body}`).toBe(200);
      }
    });

    it('10 wrong guesses from one address do not lock the person out elsewhere', async () => {
      const target = await createTestUser(getDatabase().db);
      const attacker = nextTestIp();
      for (let attempt = 1; attempt <= 10; attempt++) {
        const response = await postSignIn(
          app,
          { email: target.email, password: WRONG_PASSWORD },
          { remoteAddress: attacker },
        );
        expect(response.statusCode, `guess ${attempt}`).toBe(401);
      }
      const eleventh = await postSignIn(
        app,
        { email: target.email, password: WRONG_PASSWORD },
        { remoteAddress: attacker },
      );
      expect(eleventh.statusCode).toBe(429);

      const real = await postSignIn(app, { email: target.email, password: target.password });
      expect(real.statusCode, real.body).toBe(200);
    });
  });
});
