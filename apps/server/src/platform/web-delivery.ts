import { existsSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers on every response (decision 0021). Scripts come only from our own origin —
 * no inline or eval'd script — so an injected <script> cannot run. Styles allow inline because
 * the UI libraries (toasts, dialogs' scroll lock) insert <style> elements at run time.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  // helmet itself, built once: @fastify/helmet rebuilds helmet (parsing the whole policy) on
  // every request, which cost about a tenth of the server's CPU per punch (docs/benchmarks.md).
  const applyHelmet = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        // The page needs no <base>: an injected one would re-point every relative URL.
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    // Sent only when the request really came over https (below): on plain http it is ignored at
    // best, and a test instance on http://localhost must not pin browsers to https.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    // Only this origin may ask for the camera (a kiosk scanning badges) and the position (a
    // team's location policy), both #17; nothing else.
    reply.header(
      'permissions-policy',
      'camera=(self), microphone=(), geolocation=(self), payment=(), usb=(), interest-cohort=()',
    );
    // request.protocol honours X-Forwarded-Proto only with TRUST_PROXY.
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    applyHelmet(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  // Every API answer, errors included, is kept by no cache (a shared proxy, the browser's disk,
  // its back button): most carry someone's data. A route that means to be cached says so itself
  // (the API reference's files, calendar feeds), and its header is kept.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiUrl(request.url) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}

function isApiUrl(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * API responses over 1 KB are compressed on the fly (brotli at a fast level, or gzip). Static
 * files come precompressed from the build; the live stream is hijacked and never buffered.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
}

/**
 * Serves the built web app: fingerprinted assets are cached for a year, everything else (the
 * page, theme-init.js, favicon) is revalidated on every visit; `.br`/`.gz` siblings written at
 * build time are sent to browsers that accept them. Returns whether there is an app to serve.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDistDir: string | null,
): Promise<boolean> {
  if (!webDistDir || !existsSync(path.join(webDistDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: webDistDir,
    preCompressed: true,
    // Off, or the plugin's own `public, max-age=0` replaces the header set below.
    cacheControl: false,
    setHeaders(res, filePath) {
      const isFingerprinted = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader(
        'cache-control',
        isFingerprinted ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      // The same URL answers brotli, gzip or plain: caches must key on what was accepted.
      res.setHeader('vary', 'accept-encoding');
    },
  });
  return true;
}
