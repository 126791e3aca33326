import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QueryState } from './query-state';

const pending = { isPending: true, isError: false, error: null, data: undefined };
const failed = {
  isPending: false,
  isError: true,
  error: new Error('Server said no'),
  data: undefined,
};
const loaded = (data: string[]) => ({ isPending: false, isError: false, error: null, data });

function Names({ query }: { query: Parameters<typeof QueryState<string[]>>[0]['query'] }) {
  return (
    <QueryState query={query} isEmpty={(names) => names.length === 0} empty={<p>Nobody yet</p>}>
      {(names) => (
        <ul>
          {names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

describe('QueryState', () => {
  it('shows the card skeleton while pending', () => {
    render(<Names query={pending} />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows a custom placeholder while pending when given one', () => {
    render(
      <QueryState query={pending} pending={<p>Loading days…</p>}>
        {() => null}
      </QueryState>,
    );
    expect(screen.getByText('Loading days…')).toBeTruthy();
  });

  it('shows the error message', () => {
    render(<Names query={failed} />);
    expect(screen.getByText('Server said no').className).toContain('text-destructive');
  });

  it('lets the page say the error its own way', () => {
    render(
      <QueryState query={failed} renderError={(error) => <p>Oops: {error.message}</p>}>
        {() => null}
      </QueryState>,
    );
    expect(screen.getByText('Oops: Server said no')).toBeTruthy();
  });

  it('shows the empty state when the data is empty', () => {
    render(<Names query={loaded([])} />);
    expect(screen.getByText('Nobody yet')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('renders the data', () => {
    render(<Names query={loaded(['Ada', 'Grace'])} />);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Ada',
      'Grace',
    ]);
  });
});
