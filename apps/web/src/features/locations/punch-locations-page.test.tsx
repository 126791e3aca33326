import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LocationPoliciesResponse } from '@punchclock/shared/contracts/locations';
import PunchLocationsPage from './punch-locations-page';

const policies: LocationPoliciesResponse = {
  retentionDays: 90,
  teams: [
    {
      teamId: 'team-floor',
      teamName: 'Floor',
      mode: 'require',
      places: [
        {
          id: 'place-office',
          kind: 'area',
          name: 'Head office',
          latitude: 45.5016889,
          longitude: -73.567256,
          radiusMetres: 150,
          cidr: null,
        },
        {
          id: 'place-network',
          kind: 'network',
          name: 'Office Wi-Fi',
          latitude: null,
          longitude: null,
          radiusMetres: null,
          cidr: '203.0.113.0/24',
        },
      ],
    },
    { teamId: 'team-field', teamName: 'Field', mode: 'off', places: [] },
    { teamId: 'team-depot', teamName: 'Depot', mode: 'warn', places: [] },
  ],
};

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async () => new Response(JSON.stringify(policies), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PunchLocationsPage />
    </QueryClientProvider>,
  );
  return screen.findAllByTestId('location-team');
}

describe('PunchLocationsPage', () => {
  it('describes an area by its radius and rounded position, a network by its range', async () => {
    await renderPage();
    const places = screen.getByRole('list', { name: 'Allowed places of Floor' });
    const items = within(places).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Head office · 150 m around 45.50169, -73.56726',
      'Office Wi-Fi · network 203.0.113.0/24',
    ]);
  });

  it('warns that a checking rule without places checks nothing yet', async () => {
    const [, field, depot] = await renderPage();
    expect(within(field!).getByText('No allowed places yet.')).toBeTruthy();
    expect(
      within(depot!).getByText('No allowed places yet: punches are not checked until you add one.'),
    ).toBeTruthy();
  });

  it('checks a new place before sending it, and sends nothing when it is wrong', async () => {
    const [floor] = await renderPage();
    const form = within(floor!).getByRole('form', { name: 'Add a place for Floor' });
    fireEvent.submit(form);
    expect(within(form).getByRole('alert').textContent).toBe('Name the place');

    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Yard' } });
    fireEvent.change(within(form).getByLabelText('Latitude'), { target: { value: '45.5' } });
    fireEvent.change(within(form).getByLabelText('Longitude'), { target: { value: '-73.5' } });
    fireEvent.change(within(form).getByLabelText('Radius (metres)'), { target: { value: '5' } });
    fireEvent.submit(form);
    expect(within(form).getByRole('alert').textContent).toBe('Use a radius of at least 20 m');

    fireEvent.change(within(form).getByLabelText('Kind of place'), {
      target: { value: 'network' },
    });
    fireEvent.change(within(form).getByLabelText('Network (CIDR)'), {
      target: { value: 'office' },
    });
    fireEvent.submit(form);
    expect(within(form).getByRole('alert').textContent).toBe('Enter a network like 203.0.113.0/24');
    expect(fetchMock).toHaveBeenCalledTimes(1); // the list only
  });

  it('refuses to keep locations for less than a day', async () => {
    await renderPage();
    const days = screen.getByLabelText('Keep for (days)');
    fireEvent.change(days, { target: { value: '0' } });
    fireEvent.submit(days.closest('form')!);
    expect(await screen.findByText('Keep locations at least 1 day')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
