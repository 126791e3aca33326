import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../config.ts';
import { rateLimits } from '../db/schema.ts';
import { buildTestApp, nextTestIp, postSignIn } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { createTestUser, uniqueEmail } from '../test/factories.ts';

const WRONG_PASSWORD = 'Wrong-password-9';

function limits(perIp: number, perAccount: number): Partial<AppConfig> {
  return {
    signInLimits: {
      perIp: { limit: perIp, windowSeconds: 300 },
      perAccount: { limit: perAccount, windowSeconds: 900 },
    },
  };
}

describeEachDatabase('sign-in rate limits', (getDatabase) => {
  describe('per IP address', () => {
    let app: FastifyInstance;

    beforeAll(async () => {
      app = await buildTestApp(getDatabase().database, limits(3, 1000));
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
      expect(blocked.json()).toEqual({
        message: 'Too many sign-in attempts. Please try again in 5 minutes.',
        code: 'rate_limited',
      });
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(240);
      expect(retryAfter).toBeLessThanOrEqual(300);
      expect(blocked.headers['set-cookie']).toBeUndefined();

      // Another address is unaffected.
      const elsewhere = await postSignIn(app, { email: user.email, password: user.password });
      expect(elsewhere.statusCode).toBe(200);
    });

    it('counts successful sign-ins too', async () => {
      const user = await createTestUser(getDatabase().db);
      const ip = nextTestIp();
      for (let attempt = 1; attempt <= 3; attempt++) {
        const response = await postSignIn(
          app,
          { email: user.email, password: user.password },
          { remoteAddress: ip },
        );
        expect(response.statusCode, `attempt ${attempt}`).toBe(200);
      }
      const fourth = await postSignIn(
        app,
        { email: user.email, password: user.password },
        { remoteAddress: ip },
      );
      expect(fourth.statusCode).toBe(429);
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
      const otherApp = await buildTestApp(second, limits(3, 1000));
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

  describe('per account', () => {
    let app: FastifyInstance;

    beforeAll(async () => {
      app = await buildTestApp(getDatabase().database, limits(1000, 3));
    });
    afterAll(async () => {
      await app.close();
    });

    /** Failed attempts on one account, each from a different address. */
    async function failSignIns(email: string, count: number) {
      for (let attempt = 1; attempt <= count; attempt++) {
        const response = await postSignIn(app, { email, password: WRONG_PASSWORD });
        expect(response.statusCode, `failed attempt ${attempt}`).toBe(401);
      }
    }

    it('locks an account after repeated failures, from any address, while others sign in', async () => {
      const target = await createTestUser(getDatabase().db);
      const bystander = await createTestUser(getDatabase().db);
      await failSignIns(target.email, 3);

      const ip = nextTestIp();
      const locked = await postSignIn(
        app,
        { email: target.email, password: target.password },
        { remoteAddress: ip },
      );
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({
        message: 'Too many sign-in attempts. Please try again in 15 minutes.',
        code: 'rate_limited',
      });
      const retryAfter = Number(locked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(840);
      expect(retryAfter).toBeLessThanOrEqual(900);

      // Another account from the very same address is not affected.
      const other = await postSignIn(
        app,
        { email: bystander.email, password: bystander.password },
        { remoteAddress: ip },
      );
      expect(other.statusCode).toBe(200);
    });

    it('counts failures whatever the case or padding of the email', async () => {
      const target = await createTestUser(getDatabase().db);
      await failSignIns(target.email.toUpperCase(), 2);
      await failSignIns(`  ${target.email}  `, 1);
      const locked = await postSignIn(app, { email: target.email, password: target.password });
      expect(locked.statusCode).toBe(429);
    });

    it('is cleared by a successful sign-in', async () => {
      const user = await createTestUser(getDatabase().db);
      const signInCorrectly = () => postSignIn(app, { email: user.email, password: user.password });

      await failSignIns(user.email, 2);
      expect((await signInCorrectly()).statusCode).toBe(200);
      // Without the reset these two would make four failures in the window.
      await failSignIns(user.email, 2);
      expect((await signInCorrectly()).statusCode).toBe(200);
    });

    it('also throttles guesses at an email that does not exist', async () => {
      const email = uniqueEmail('ghost');
      await failSignIns(email, 3);
      const response = await postSignIn(app, { email, password: WRONG_PASSWORD });
      expect(response.statusCode).toBe(429);
    });
  });
});
