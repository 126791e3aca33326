import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, CSRF_HEADERS, signInAs } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { createTestUser } from '../test/factories.ts';
import { listenOnFreePort, openLiveStream } from '../test/live-stream.ts';

const SCRIPT = `console.log(${JSON.stringify('punchclock '.repeat(300))});\n`;

/** A built web app as Vite and the precompress plugin leave it. */
function writeFakeBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'punchclock-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Punchclock</title>');
  const asset = path.join(dist, 'assets', 'index-AbC123.js');
  writeFileSync(asset, SCRIPT);
  writeFileSync(`${asset}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${asset}.gz`, gzipSync(SCRIPT));
  writeFileSync(path.join(dist, 'theme-init.js'), 'void 0;\n');
  // What vite-plugin-pwa adds (decision 0025).
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Punchclock"}');
  return dist;
}

describeEachDatabase('web delivery: caching, compression and security headers', (getDb) => {
  let app: FastifyInstance;
  let dist: string;

  beforeAll(async () => {
    dist = writeFakeBuild();
    app = await buildTestApp(getDb().database, { webDistDir: dist, trustProxy: true });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends a fingerprinted asset precompressed and cached for a year', async () => {
    const brotli = await app.inject({
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await app.inject({
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await app.inject({ url: '/assets/index-AbC123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('has the page and unfingerprinted files revalidated on every visit', async () => {
    // The service worker above all: a cached one would keep every device on an old version.
    const urls = ['/', '/index.html', '/theme-init.js', '/sw.js', '/manifest.webmanifest'];
    for (const url of [...urls, '/timesheets', '/no/such/screen']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    const worker = await app.inject({ url: '/sw.js' });
    expect(worker.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    const manifest = await app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
  });

  it('sends the security headers, with scripts only from our own origin', async () => {
    for (const url of ['/', '/api/health', '/api/nothing-here']) {
      const response = await app.inject({ url });
      const csp = String(response.headers['content-security-policy']);
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc, url).toBe("'self'");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      // No <base> element at all: an injected one could re-point every relative URL.
      expect(csp).toContain("base-uri 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(String(response.headers['permissions-policy'])).toContain('camera=(self)');
      expect(String(response.headers['permissions-policy'])).toContain('microphone=()');
      expect(String(response.headers['permissions-policy'])).toContain('geolocation=(self)');
    }
  });

  it('marks every API answer no-store, signed-in reads and errors alike', async () => {
    const admin = await createTestUser(getDb().db, { role: 'admin' });
    const employee = await createTestUser(getDb().db);
    const adminCookie = await signInAs(app, admin.email, admin.password);
    const employeeCookie = await signInAs(app, employee.email, employee.password);
    const calls: {
      name: string;
      cookie: string | null;
      method?: 'GET' | 'POST';
      url: string;
      status: number;
    }[] = [
      { name: 'the session', cookie: employeeCookie, url: '/api/auth/session', status: 200 },
      { name: 'the people list', cookie: adminCookie, url: '/api/users', status: 200 },
      { name: 'a timesheet', cookie: employeeCookie, url: '/api/timesheets', status: 200 },
      { name: 'payroll people', cookie: adminCookie, url: '/api/payroll/people', status: 200 },
      { name: 'notifications', cookie: employeeCookie, url: '/api/notifications', status: 200 },
      { name: 'a refusal (403)', cookie: employeeCookie, url: '/api/users', status: 403 },
      { name: 'signed out (401)', cookie: null, url: '/api/users', status: 401 },
      {
        name: 'an unknown route (404)',
        cookie: employeeCookie,
        url: '/api/no-such-thing',
        status: 404,
      },
      {
        name: 'bad input (400)',
        cookie: adminCookie,
        method: 'POST',
        url: '/api/users',
        status: 400,
      },
    ];
    for (const call of calls) {
      const response = await app.inject({
        method: call.method ?? 'GET',
        url: call.url,
        headers: { ...CSRF_HEADERS, ...(call.cookie ? { cookie: call.cookie } : {}) },
        ...(call.method === 'POST' ? { payload: { role: 'nobody' } } : {}),
      });
      expect(response.statusCode, `${call.name}: ${response.body}`).toBe(call.status);
      expect(response.headers['cache-control'], call.name).toBe('no-store');
    }
  });

  it('keeps the cache header a public route chose for itself', async () => {
    const stylesheet = await app.inject({ url: '/api/docs/swagger-ui.css' });
    expect(stylesheet.statusCode).toBe(200);
    expect(stylesheet.headers['cache-control']).toBe('public, max-age=86400');
    const reference = await app.inject({ url: '/api/openapi.json' });
    expect(reference.headers['cache-control']).toBe('no-cache');
  });

  it('sends HSTS only when the request came over https (through a trusted proxy)', async () => {
    const plain = await app.inject({ url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await app.inject({
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('compresses API responses over 1 KB and leaves small ones alone', async () => {
    const admin = await createTestUser(getDb().db, { role: 'admin' });
    for (let index = 0; index < 8; index += 1) await createTestUser(getDb().db);
    const cookie = await signInAs(app, admin.email, admin.password);
    const large = await app.inject({
      url: '/api/users',
      headers: { cookie, 'accept-encoding': 'br, gzip' },
    });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    const body = brotliDecompressSync(large.rawPayload);
    expect(body.length).toBeGreaterThan(1024);
    expect(() => JSON.parse(body.toString()) as unknown).not.toThrow();

    const small = await app.inject({
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: 'ok' });
  });

  it('never compresses (or buffers) the live stream', async () => {
    const streamApp = await buildTestApp(getDb().database);
    try {
      const user = await createTestUser(getDb().db);
      const cookie = await signInAs(streamApp, user.email, user.password);
      const baseUrl = await listenOnFreePort(streamApp);
      const stream = await openLiveStream(baseUrl, cookie);
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-encoding')).toBeNull();
      await stream.waitForFrame((frame) => frame.event === 'ready');
      await stream.close();
    } finally {
      await streamApp.close();
    }
  });
});
