import {
  cloneElement,
  lazy,
  startTransition,
  Suspense,
  useState,
  type ComponentType,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
} from 'react';

/** What a menu loaded on demand is given: the button to open it with, as its trigger. */
export interface MenuOnDemandProps {
  /** The menu button; the loaded menu wraps it in its own trigger (Radix `Trigger asChild`). */
  trigger: ReactElement;
}

/** The keys that open a Radix dropdown menu from its button. */
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * A menu button whose menu loads when it is first opened (#16, #32: a lean first page). Radix's
 * dropdown menu and the positioning it brings weigh ≈ 20 KB gzip, and the header's menus (account,
 * notifications) are on every signed-in page but rarely opened. Until then the button is the
 * same button, announced as a menu button; the press or key that would open the menu loads it,
 * and the loaded menu mounts open (`load` must return a menu that mounts open: `defaultOpen`).
 * Pointing at or focusing the button starts loading, so the menu is usually there by the press.
 * The service worker precaches the menu's code, so it opens offline too.
 *
 * Hand-written: a lazy component with a placeholder that answers the opening gesture is all
 * there is to it; a library for menus would be the 20 KB this avoids.
 */
export function menuOnDemand<P extends MenuOnDemandProps>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    loading ??= load();
    return loading;
  };
  const Menu = lazy(() => preload().then((component) => ({ default: component })));

  function MenuOnDemand(props: P) {
    const [isWanted, setIsWanted] = useState(false);
    // A transition keeps this button on screen (and focused) while the menu loads: the boundary
    // below has shown it already, so React waits for the menu instead of showing the fallback.
    const open = () => startTransition(() => setIsWanted(true));
    return (
      <Suspense fallback={props.trigger}>
        {isWanted ? (
          <Menu {...props} />
        ) : (
          cloneElement(props.trigger as ReactElement<Record<string, unknown>>, {
            'aria-haspopup': 'menu',
            'aria-expanded': false,
            onPointerEnter: () => void preload(),
            onFocus: () => void preload(),
            onPointerDown: (event: PointerEvent) => {
              if (event.button === 0 && !event.ctrlKey) open();
            },
            onKeyDown: (event: KeyboardEvent) => {
              if (!OPENING_KEYS.has(event.key)) return;
              event.preventDefault();
              open();
            },
          })
        )}
      </Suspense>
    );
  }
  return MenuOnDemand;
}
