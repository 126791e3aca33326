import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMAIL_KINDS, EMAIL_KIND_LABELS } from '@punchclock/shared/contracts/email';
import EmailPreferences from './email-preferences';

function preferences(turnedOff: string[]) {
  return {
    emailConfigured: false,
    kinds: EMAIL_KINDS.map((kind) => ({
      kind,
      label: EMAIL_KIND_LABELS[kind],
      enabled: !turnedOff.includes(kind),
    })),
  };
}

function renderPreferences() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <EmailPreferences />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('EmailPreferences', () => {
  it('flips a box in the same render as the click, then keeps what the server saved', async () => {
    const saves: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method === 'PUT') {
          const body = JSON.parse(String(init.body)) as { turnedOff: string[] };
          saves.push(body);
          return new Response(JSON.stringify(preferences(body.turnedOff)), { status: 200 });
        }
        return new Response(JSON.stringify(preferences([])), { status: 200 });
      }),
    );
    renderPreferences();
    const box = await screen.findByRole<HTMLInputElement>('checkbox', {
      name: 'Reminders to submit my timesheet',
    });
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    // A browser (and Playwright's uncheck) reads the box right after the click: no tick later.
    expect(box.checked).toBe(false);
    await waitFor(() => expect(saves).toEqual([{ turnedOff: ['timesheet_reminders'] }]));
    expect(box.checked).toBe(false);
  });

  it('puts a box back when the server refuses the change', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === 'PUT'
          ? new Response(JSON.stringify({ message: 'Try again later', code: 'x' }), {
              status: 503,
            })
          : new Response(JSON.stringify(preferences([])), { status: 200 }),
      ),
    );
    renderPreferences();
    const box = await screen.findByRole<HTMLInputElement>('checkbox', {
      name: 'When I seem to have forgotten to clock out',
    });
    fireEvent.click(box);
    expect(box.checked).toBe(false);
    await waitFor(() => expect(box.checked).toBe(true));
  });
});
