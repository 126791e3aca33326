import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiToken } from '@punchclock/shared/contracts/api-tokens';
import { ApiTokenSummary, NewApiTokenForm } from './api-token-parts';

vi.mock('@/lib/session', () => ({
  useSession: () => ({ timeZone: 'America/Toronto' }),
  useBusinessToday: () => '2026-11-24',
}));

const NOW = new Date('2026-11-24T15:00:00.000Z');

function token(fields: Partial<ApiToken>): ApiToken {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    kind: 'personal',
    name: 'Payroll sync',
    scopes: ['punches:read', 'timesheets:read'],
    hint: 'pc_abcd…',
    owner: { id: '00000000-0000-4000-8000-000000000002', name: 'Ana Lima', email: 'ana@x.test' },
    createdBy: { id: '00000000-0000-4000-8000-000000000002', name: 'Ana Lima' },
    createdAt: '2026-11-01T14:00:00.000Z',
    // Midnight (Toronto) after Dec 31: the token works through Dec 31.
    expiresAt: '2027-01-01T05:00:00.000Z',
    lastUsedAt: null,
    lastUsedIp: null,
    revokedAt: null,
    ...fields,
  };
}

function renderSummary(summary: Partial<ApiToken>, showOwner = true) {
  const onRevoke = vi.fn();
  const { container } = render(
    <ul>
      <ApiTokenSummary
        token={token(summary)}
        showOwner={showOwner}
        onRevoke={onRevoke}
        isRevoking={false}
      />
    </ul>,
  );
  const row = container.querySelector<HTMLElement>('[data-testid="api-token-row"]')!;
  return { row, onRevoke };
}

const text = (element: HTMLElement) => element.textContent?.replace(/\s/g, ' ') ?? '';

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ApiTokenSummary', () => {
  it('shows an active token’s scopes, its last day in business time, and a Revoke button', () => {
    const { row, onRevoke } = renderSummary({});
    expect(text(row)).toContain('Active');
    expect(text(row)).toContain('punches:read, timesheets:read');
    expect(text(row)).toContain('works through Dec 31, 2026');
    expect(text(row)).toContain('Never used');
    fireEvent.click(screen.getByRole('button', { name: 'Revoke Payroll sync' }));
    expect(onRevoke).toHaveBeenCalledWith(expect.objectContaining({ name: 'Payroll sync' }));
  });

  it('calls a token past its expiry expired, and a revoked one revoked, with no Revoke button', () => {
    renderSummary({ expiresAt: '2026-11-24T05:00:00.000Z' });
    renderSummary({ revokedAt: '2026-11-20T14:00:00.000Z', expiresAt: '2026-10-01T04:00:00.000Z' });
    const [expired, revoked] = screen.getAllByTestId('api-token-row');
    expect(text(expired!)).toContain('Expired');
    expect(text(revoked!)).toContain('Revoked');
    expect(screen.queryByRole('button', { name: /Revoke/ })).toBeNull();
  });

  it('says where and when it was last used', () => {
    const { row } = renderSummary({
      lastUsedAt: '2026-11-23T13:30:00.000Z',
      lastUsedIp: '203.0.113.9',
    });
    expect(text(row)).toMatch(/Last used Nov 23, 2026, 8:30 AM from 203\.0\.113\.9/);
  });

  it('names whose token it is for admins: a person, an admin-made service token, or a system one', () => {
    renderSummary({});
    renderSummary({ kind: 'service', owner: null, createdBy: { id: 'a', name: 'Bo Chen' } });
    renderSummary({ kind: 'service', owner: null, createdBy: { id: 'a', name: null } });
    renderSummary({ kind: 'service', owner: null, createdBy: null });
    const owners = screen.getAllByTestId('api-token-row').map((row) => text(row));
    expect(owners[0]).toContain('Personal: Ana Lima');
    expect(owners[1]).toContain('Service token, made by Bo Chen');
    expect(owners[2]).toContain('Service token, made by an admin');
    expect(owners[3]).toContain('Service token');
    expect(owners[3]).not.toContain('made by');
  });

  it('leaves the owner out on a person’s own list', () => {
    const { row } = renderSummary({}, false);
    expect(text(row)).not.toContain('Personal:');
  });
});

describe('NewApiTokenForm', () => {
  const fetchMock = vi.fn();

  function renderForm(ui: ReactElement) {
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient();
    render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
  }

  it('starts with a 90-day expiry within a year of today', () => {
    renderForm(
      <NewApiTokenForm
        idPrefix="t"
        endpoint="/api/api-tokens"
        availableScopes={['punches:read']}
        submitLabel="Make token"
        onCreated={vi.fn()}
      />,
    );
    const expiry = screen.getByLabelText(/Last day it works/) as HTMLInputElement;
    expect(expiry.value).toBe('2027-02-22');
    expect(expiry.min).toBe('2026-11-24');
    expect(expiry.max).toBe('2027-11-25');
  });

  it('checks the name and the scopes before sending anything', () => {
    renderForm(
      <NewApiTokenForm
        idPrefix="t"
        endpoint="/api/api-tokens"
        availableScopes={['punches:read', 'reports:read']}
        submitLabel="Make token"
        onCreated={vi.fn()}
      />,
    );
    const form = screen.getByRole('form', { name: 'Make token' });
    const error = () => document.getElementById('t-error')?.textContent;
    fireEvent.change(screen.getByLabelText('Token name'), { target: { value: 'Payroll' } });
    fireEvent.submit(form);
    expect(error()).toBe('Choose at least one scope');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
