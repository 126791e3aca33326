import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { implementEndpoint, type PathParams } from './endpoints.ts';

/**
 * Proof that the catalogue's contracts bind the server at compile time (`npm run typecheck`
 * compiles this file): each `@ts-expect-error` below must meet an error, or the compile fails.
 * Never called; the test only keeps vitest from calling the file empty.
 */
export function contractBreaches(app: FastifyInstance): void {
  // @ts-expect-error -- a key the catalogue does not list
  implementEndpoint(app, 'GET /api/no-such-endpoint', async () => ({}));

  // @ts-expect-error -- a method the path is not listed with
  implementEndpoint(app, 'DELETE /api/time-events/today', async () => ({}));

  // @ts-expect-error -- an answer missing what the contract publishes (status, today, events…)
  implementEndpoint(app, 'GET /api/time-events/today', async () => ({ state: 'working' }));

  // @ts-expect-error -- a field of the answer with a value the contract does not allow
  implementEndpoint(app, 'GET /api/health', async () => ({
    status: 'fine' as const,
    database: 'pglite' as const,
  }));

  implementEndpoint(app, 'PUT /api/teams/:id', async ({ params }) => {
    // @ts-expect-error -- a path parameter the path does not have
    void params.teamId;
    return { team: { id: params.id, name: '', leadUserId: null, leadName: null, memberCount: 0 } };
  });

  implementEndpoint(app, 'PUT /api/me/language', async ({ body }) => {
    // @ts-expect-error -- the body is what the contract parses, not anything
    void body.locale;
    return { language: body.language };
  });
}

it('reads the path parameters of a route pattern', () => {
  const params: PathParams<'/api/calendar-feeds/:token.ics'> = { token: 'abc' };
  const both: PathParams<'/api/webhooks/:id/deliveries/:deliveryId'> = { id: 'a', deliveryId: 'b' };
  expect([params.token, both.id, both.deliveryId]).toEqual(['abc', 'a', 'b']);
});
