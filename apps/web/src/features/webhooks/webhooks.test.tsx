import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint } from '@punchclock/shared/contracts/webhooks';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookEndpointForm } from './webhook-endpoint-form';

vi.mock('@/lib/session', () => ({ useSession: () => ({ timeZone: 'America/Toronto' }) }));

let answer: unknown;
const fetchMock = vi.fn(async () => new Response(JSON.stringify(answer), { status: 200 }));

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderWithQueries(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

describe('WebhookEndpointForm', () => {
  function fill(url: string) {
    fireEvent.change(screen.getByLabelText(/Endpoint address/), { target: { value: url } });
  }
  const submit = () => fireEvent.submit(screen.getByRole('form', { name: 'Add an endpoint' }));
  const error = () => document.getElementById('webhook-error')?.textContent;

  it('checks the address and the events before sending anything', () => {
    renderWithQueries(<WebhookEndpointForm onCreated={vi.fn()} />);
    submit();
    expect(error()).toBe('Enter the address to send events to');

    fill('hr.example.com/hooks');
    submit();
    expect(error()).toBe('Enter a full address, like https://example.com/hooks');

    fill('ftp://hr.example.com/hooks');
    submit();
    expect(error()).toBe('Enter a full address, like https://example.com/hooks');

    fill('https://hr.example.com/hooks');
    submit();
    expect(error()).toBe('Choose at least one event');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('WebhookDeliveries', () => {
  const endpoint = {
    id: '00000000-0000-4000-8000-000000000001',
    url: 'https://hr.example.com/hooks',
  } as WebhookEndpoint;

  function delivery(fields: Partial<WebhookDelivery>): WebhookDelivery {
    return {
      id: crypto.randomUUID(),
      messageId: 'msg_1',
      eventType: 'punch.recorded',
      status: 'delivered',
      attempts: 1,
      createdAt: '2026-11-24T14:00:05.000Z',
      lastAttemptAt: '2026-11-24T14:00:06.000Z',
      nextAttemptAt: null,
      lastResponseStatus: 200,
      lastError: null,
      payload: {},
      ...fields,
    };
  }

  it('shows each delivery’s outcome, and the next attempt only while retrying', async () => {
    answer = {
      deliveries: [
        delivery({ status: 'delivered' }),
        delivery({
          status: 'pending',
          attempts: 3,
          lastResponseStatus: null,
          lastError: 'Connection refused',
          nextAttemptAt: '2026-11-24T14:10:00.000Z',
        }),
        delivery({ status: 'failed', attempts: 0, lastResponseStatus: null, lastError: null }),
      ],
    };
    renderWithQueries(<WebhookDeliveries endpoint={endpoint} />);
    const region = await screen.findByRole('region', {
      name: 'Deliveries to https://hr.example.com/hooks',
    });
    const table = within(region).getByRole('table');
    const rows = within(table).getAllByTestId('webhook-delivery-row');
    const cells = rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent?.replace(/\s/g, ' ')),
    );
    const happened = 'Nov 24, 2026, 9:00:05 AM';
    // happened, status, last answer, attempts, next attempt
    expect(cells.map((row) => row.slice(0, 5))).toEqual([
      [happened, 'Delivered', 'HTTP 200', '1', '—'],
      [happened, 'Retrying', 'Connection refused', '3', 'Nov 24, 2026, 9:10:00 AM'],
      [happened, 'Gave up', 'Not sent yet', '0', '—'],
    ]);
  });

  it('says so when nothing was sent yet', async () => {
    answer = { deliveries: [] };
    renderWithQueries(<WebhookDeliveries endpoint={endpoint} />);
    expect(
      await screen.findByText('Nothing sent yet: events appear here as they happen.'),
    ).toBeTruthy();
  });
});
