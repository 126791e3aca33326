import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_ENDPOINTS } from '@punchclock/shared/contracts/api-catalogue';
import { REFERENCE_PAGE_ROUTES } from '../features/api-reference/routes.ts';
import { buildTestApp } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';

describeEachDatabase('the endpoint catalogue drives the routes', (getDatabase) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  const registered = () =>
    app.apiRoutes.filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS');

  it('registers every catalogue entry, and no /api route the catalogue does not list', () => {
    const keys = registered().map((route) => `${route.method} ${route.url}`);
    expect(Object.keys(API_ENDPOINTS).filter((key) => !keys.includes(key))).toEqual([]);
    // The reference page serves a page, not the API (/api/metrics is off in tests).
    expect(
      keys.filter((key) => !Object.hasOwn(API_ENDPOINTS, key) && !REFERENCE_PAGE_ROUTES.has(key)),
    ).toEqual([]);
  });

  it('guards each route with the access rule its catalogue entry gives', () => {
    const entries: Record<string, { access: unknown }> = API_ENDPOINTS;
    const differing = registered().flatMap((route) => {
      const entry = entries[`${route.method} ${route.url}`];
      return entry && JSON.stringify(entry.access) !== JSON.stringify(route.access)
        ? [`${route.method} ${route.url}`]
        : [];
    });
    expect(differing).toEqual([]);
  });
});
