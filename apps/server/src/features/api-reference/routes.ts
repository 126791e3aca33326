import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { API_ENDPOINTS } from '@punchclock/shared/contracts/api-catalogue';
import { implementEndpoint } from '../../platform/endpoints.ts';
import { NotFound } from '../../platform/errors.ts';
import { withLocale } from '../../platform/i18n.ts';
import { buildOpenApiDocument } from './openapi-document.ts';

/**
 * The reference page's own routes: they serve a page, not the API, so the document skips them and
 * the catalogue does not list them.
 */
export const REFERENCE_PAGE_ROUTES = new Set(['GET /api/docs', 'GET /api/docs/:asset']);

// Swagger UI's files, from the installed package: nothing is loaded from a CDN (the CSP allows
// scripts and styles from this server only).
const swaggerUiDir = path.dirname(
  createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'),
);
const SWAGGER_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

// Started from a file, not an inline script, so the CSP needs no exception.
const START_SCRIPT = `window.addEventListener('load', () => {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#reference',
    deepLinking: true,
    tryItOutEnabled: false,
    // Tags open on a click: 120 operations rendered at once stall the page.
    docExpansion: 'none',
    defaultModelsExpandDepth: -1,
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Punchclock API reference</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <main id="reference"></main>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/start.js"></script>
  </body>
</html>
`;

/**
 * GET /api/openapi.json (the OpenAPI 3.1 document of every route, from the shared contracts) and
 * GET /api/docs (a reference page to read it). Both public: the API's shape is no secret, and
 * every route still checks who calls it.
 */
export function registerApiReferenceRoutes(app: FastifyInstance): void {
  let document: string | undefined;
  implementEndpoint(app, 'GET /api/openapi.json', async ({ reply }) => {
    // Built on first use, when every route is registered; the same for the life of the process.
    // Always in English, the developers' reference's language, whoever asks first.
    document ??= withLocale('en', () =>
      JSON.stringify(
        buildOpenApiDocument(
          app.apiRoutes.filter(
            (route) =>
              route.method !== 'HEAD' && !REFERENCE_PAGE_ROUTES.has(`${route.method} ${route.url}`),
          ),
          API_ENDPOINTS,
        ).document,
      ),
    );
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(document);
  });

  app.get('/api/docs', { config: { access: 'public' } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE),
  );

  app.get<{ Params: { asset: string } }>(
    '/api/docs/:asset',
    { config: { access: 'public' } },
    async (request, reply) => {
      const { asset } = request.params;
      if (asset === 'start.js') {
        return reply.type('text/javascript; charset=utf-8').send(START_SCRIPT);
      }
      const type = Object.hasOwn(SWAGGER_FILES, asset) ? SWAGGER_FILES[asset] : undefined;
      if (!type) throw new NotFound();
      return reply
        .type(type)
        .header('cache-control', 'public, max-age=86400')
        .send(await readFile(path.join(swaggerUiDir, asset)));
    },
  );
}
