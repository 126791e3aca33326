import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance } from 'fastify';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_ENDPOINTS } from '@punchclock/shared/contracts/api-catalogue';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { buildOpenApiDocument } from './openapi-document.ts';
import { REFERENCE_PAGE_ROUTES } from './routes.ts';

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { summary?: string; requestBody?: unknown }>>;
}

describeEachDatabase('the OpenAPI document and the API reference', (getDatabase) => {
  let app: FastifyInstance;
  let document: OpenApiDocument;

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(async () => {
    await app.close();
  });

  it('describes every registered route, and only those', async () => {
    await app.ready();
    const routes = app.apiRoutes.filter(
      (route) =>
        route.method !== 'HEAD' && !REFERENCE_PAGE_ROUTES.has(`${route.method} ${route.url}`),
    );
    const { undocumented } = buildOpenApiDocument(routes, API_ENDPOINTS);
    expect(undocumented).toEqual([]);
    const registered = new Set(routes.map((route) => `${route.method} ${route.url}`));
    expect(Object.keys(API_ENDPOINTS).filter((key) => !registered.has(key))).toEqual([]);

    const published = Object.entries(document.paths).flatMap(([pathName, operations]) =>
      Object.keys(operations).map(
        (method) => `${method.toUpperCase()} ${pathName.replace(/\{(\w+)\}/g, ':$1')}`,
      ),
    );
    expect(published.sort()).toEqual([...registered].sort());
    expect(document.paths['/api/time-events']?.post?.requestBody).toBeDefined();
  });

  it('names, per operation, the API-token scope that reaches it (decision 0032)', () => {
    const security = (path: string, method: 'get' | 'post') =>
      (document.paths[path]?.[method] as { security?: unknown } | undefined)?.security;
    expect(security('/api/time-events', 'post')).toEqual([
      { session: [] },
      { apiToken: ['punches:write'] },
    ]);
    expect(security('/api/payroll/export', 'get')).toEqual([
      { session: [] },
      { apiToken: ['payroll:read'] },
    ]);
    // Tokens are managed with a browser session only.
    expect(security('/api/api-tokens', 'post')).toEqual([{ session: [] }]);
    expect(security('/api/health', 'get')).toEqual([]);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(document as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('generates a client that compiles: openapi-typescript types, openapi-fetch calls', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'punchclock-client-'));
    try {
      writeFileSync(
        path.join(directory, 'api.d.ts'),
        astToString(await openapiTS(document as never)),
      );
      // A client as an integration would write it; it must type-check against the document.
      writeFileSync(
        path.join(directory, 'client.ts'),
        `import createClient from 'openapi-fetch';
import type { paths } from './api';

const client = createClient<paths>({ baseUrl: 'https://punchclock.example.com' });

export async function clockIn(id: string): Promise<string> {
  const { data, error } = await client.POST('/api/time-events', {
    params: { header: { 'x-csrf-protection': '1' } },
    body: { id, eventType: 'clock_in' },
  });
  if (error) throw new Error(error.message);
  return data.event.eventType;
}

export async function whereAmI(): Promise<string> {
  const { data } = await client.GET('/api/time-events/today');
  return data ? data.state : 'unknown';
}
`,
      );
      // openapi-fetch is resolved from this workspace, as the client's own node_modules would.
      const openapiFetchTypes = createRequire(import.meta.url).resolve('openapi-fetch');
      const program = ts.createProgram([path.join(directory, 'client.ts')], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        skipLibCheck: true,
        baseUrl: directory,
        paths: { 'openapi-fetch': [path.join(path.dirname(openapiFetchTypes), 'index.d.mts')] },
      });
      const problems = ts
        .getPreEmitDiagnostics(program)
        .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      expect(problems).toEqual([]);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('serves the reference page and its files from this server, under the CSP', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script>(?!<)/);
    for (const asset of ['swagger-ui-bundle.js', 'swagger-ui.css', 'start.js']) {
      const response = await app.inject({ method: 'GET', url: `/api/docs/${asset}` });
      expect(response.statusCode, asset).toBe(200);
      expect(page.body).toContain(`/api/docs/${asset}`);
    }
    for (const outside of ['package.json', '..%2Fpackage.json', 'index.html']) {
      const response = await app.inject({ method: 'GET', url: `/api/docs/${outside}` });
      expect(response.statusCode, outside).toBe(404);
    }
  });
});
