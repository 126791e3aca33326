import { afterEach, describe, expect, it, vi } from 'vitest';
import { CSRF_HEADER } from '@punchclock/shared/contracts/http-header';
import { callEndpoint, endpointPath } from './call-endpoint';

function stubFetch(status: number, body?: unknown) {
  const fetch = vi.fn(
    async (_path: string, _init: RequestInit) =>
      new Response(body === undefined ? null : JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('endpointPath', () => {
  it('fills in each :name parameter, URI-encoded', () => {
    expect(endpointPath('GET /api/backups/:name', { params: { name: 'a b/c.tar.gz' } })).toBe(
      '/api/backups/a%20b%2Fc.tar.gz',
    );
  });

  it('leaves out empty query values and repeats a list, as the app always wrote them', () => {
    expect(
      endpointPath('GET /api/audit-logs', {
        query: { action: 'user.created', actorId: '', entityType: undefined, before: 42 },
      }),
    ).toBe('/api/audit-logs?action=user.created&before=42');
    expect(endpointPath('GET /api/audit-logs', { query: { action: '' } })).toBe('/api/audit-logs');
  });

  it('refuses a path whose parameter has no value rather than call a wrong address', () => {
    const call = endpointPath as (key: string, location: object) => string;
    expect(() => call('DELETE /api/payroll/holidays/:date', { params: {} })).toThrow(':date');
  });
});

describe('callEndpoint', () => {
  it('takes the method from the key and sends the body as JSON with the CSRF header', async () => {
    const fetch = stubFetch(201, { id: 'lock-1' });
    const answer = await callEndpoint('POST /api/approvals/locks', {
      body: { fromDate: '2026-11-01', toDate: '2026-11-14' },
    });
    expect(answer).toEqual({ id: 'lock-1' });
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe('/api/approvals/locks');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"fromDate":"2026-11-01","toDate":"2026-11-14"}');
    expect((init.headers as Record<string, string>)[CSRF_HEADER]).toBe('1');
  });

  it('answers nothing for a 204 and checks an answer against the schema it is given', async () => {
    stubFetch(204);
    await expect(
      callEndpoint('DELETE /api/payroll/holidays/:date', { params: { date: '2026-12-25' } }),
    ).resolves.toBeUndefined();

    stubFetch(200, { unexpected: true });
    const schema = {
      parse: (payload: unknown) => {
        if (!(payload as { holidays?: unknown }).holidays) throw new Error('not a holiday list');
        return payload as never;
      },
    };
    await expect(
      callEndpoint('GET /api/payroll/holidays', { query: { year: 2026 }, schema }),
    ).rejects.toThrow('not a holiday list');
  });
});
