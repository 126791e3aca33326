import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import BackupsPage from './backups-page';

function stubApi(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <BackupsPage />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('BackupsPage', () => {
  it('lists snapshots with time, size and a labelled download link each', async () => {
    stubApi(200, {
      items: [
        {
          name: 'punchclock-2026-11-23T080000.000Z.tar.gz',
          takenAt: '2026-11-23T08:00:00.000Z',
          sizeBytes: 5_180_000,
        },
      ],
      keep: 7,
      scheduled: true,
      hour: 3,
      timeZone: 'America/Toronto',
    });
    renderPage();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('4.9 MB')).toBeTruthy();
    expect(within(table).getByRole('rowheader').textContent).toMatch(/^Nov 23, 2026, 3:00/);
    const link = within(table).getByRole('link', { name: /Download the backup of Nov 23, 2026/ });
    expect(link.getAttribute('href')).toBe('/api/backups/punchclock-2026-11-23T080000.000Z.tar.gz');
    expect(
      screen.getByText(/every night at 3:00 AM \(America\/Toronto\); the newest 7/),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back up now' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Download a fresh one/ }).getAttribute('href')).toBe(
      '/api/backups/fresh',
    );
  });

  it('explains pg_dump instead on PostgreSQL', async () => {
    stubApi(409, {
      message: 'Backups here are for the embedded database. On PostgreSQL, back up with pg_dump.',
      code: 'backups_use_pg_dump',
    });
    renderPage();
    expect(await screen.findByText('Backups are made with pg_dump')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back up now' })).toBeNull();
  });
});
