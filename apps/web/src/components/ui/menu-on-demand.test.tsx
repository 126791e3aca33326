import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { menuOnDemand, type MenuOnDemandProps } from './menu-on-demand';

/** Stands in for a Radix menu: its trigger, and the menu it mounts open. */
function FakeMenu({ trigger, label }: MenuOnDemandProps & { label: string }) {
  return (
    <>
      {trigger}
      <div role="menu" aria-label={label} />
    </>
  );
}

function setup() {
  let resolve: (component: typeof FakeMenu) => void = () => undefined;
  const load = vi.fn(
    () =>
      new Promise<typeof FakeMenu>((done) => {
        resolve = done;
      }),
  );
  const Menu = menuOnDemand(load);
  render(<Menu label="Account" trigger={<button type="button">Account menu</button>} />);
  return { load, loaded: () => act(async () => resolve(FakeMenu)) };
}

describe('menuOnDemand', () => {
  it('shows the button as a closed menu button and loads nothing until it is used', () => {
    const { load } = setup();
    const button = screen.getByRole('button', { name: 'Account menu' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(load).not.toHaveBeenCalled();
  });

  it('starts loading when the button is pointed at, once', () => {
    const { load } = setup();
    const button = screen.getByRole('button', { name: 'Account menu' });
    fireEvent.pointerEnter(button);
    fireEvent.focus(button);
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens the menu on a press, keeping the button while it loads', async () => {
    const { loaded } = setup();
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Account menu' }), { button: 0 });
    expect(screen.getByRole('button', { name: 'Account menu' })).toBeTruthy();
    await loaded();
    expect(screen.getByRole('menu', { name: 'Account' })).toBeTruthy();
    // The loaded menu's own trigger: the button without the placeholder's attributes.
    expect(screen.getByRole('button', { name: 'Account menu' }).hasAttribute('aria-haspopup')).toBe(
      false,
    );
  });

  it('opens on Enter, Space and ArrowDown, not on other keys or a right click', async () => {
    for (const key of ['Enter', ' ', 'ArrowDown']) {
      const { loaded } = setup();
      const button = screen.getAllByRole('button', { name: 'Account menu' }).at(-1)!;
      fireEvent.keyDown(button, { key: 'Tab' });
      fireEvent.pointerDown(button, { button: 2 });
      await loaded();
      expect(screen.queryAllByRole('menu')).toHaveLength(0);
      fireEvent.keyDown(button, { key });
      await loaded();
      expect(screen.getAllByRole('menu')).toHaveLength(1);
      cleanup();
    }
  });
});
