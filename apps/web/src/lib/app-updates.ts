import { t } from '@lingui/core/macro';
import { toast } from '@/lib/toast';

/*
 * The installable, offline app (#17, decision 0025). The service worker (built by
 * vite-plugin-pwa, vite.config.ts) precaches the whole built app, so /dashboard opens with no
 * network; it never answers API requests. It is registered once someone is signed in, so the
 * sign-in page stays lean. A new version installs in the background and then waits: the person
 * is told "Update available" and chooses when to reload, so one page never runs old and new
 * code side by side.
 */

const HOUR = 60 * 60 * 1000;

let registration: Promise<boolean> | null = null;

/**
 * Lets the waiting version take over, then reloads once it controls the page. (The plugin's own
 * reload only follows updates its register call found, not those the browser found later.)
 */
function reloadInto(activateWaiting: () => Promise<void>): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  void activateWaiting();
}

/**
 * Registers the service worker (once per page). Resolves to whether it registered; without
 * one (an old browser, a private window that refuses it) the app works online as before.
 */
export function registerServiceWorker(): Promise<boolean> {
  registration ??= (async () => {
    if (!('serviceWorker' in navigator) || import.meta.env.DEV) return false;
    try {
      const { registerSW } = await import('virtual:pwa-register');
      return await new Promise<boolean>((resolve) => {
        const updateServiceWorker = registerSW({
          immediate: true,
          onNeedRefresh() {
            // One notice however often the worker reports that it waits.
            toast.info(t`Update available`, {
              id: 'app-update',
              description: t`A new version of Punchclock is ready.`,
              duration: Number.POSITIVE_INFINITY,
              action: { label: t`Reload`, onClick: () => reloadInto(updateServiceWorker) },
            });
          },
          onRegisteredSW: (_url, registration) => {
            // A page left open all day (a dashboard, a kiosk) still hears of new versions.
            if (registration) {
              window.setInterval(() => void registration.update().catch(() => undefined), HOUR);
            }
            resolve(true);
          },
          onRegisterError: (error: unknown) => {
            console.warn('The service worker was not registered:', error);
            resolve(false);
          },
        });
      });
    } catch (error) {
      console.warn('The service worker was not registered:', error);
      return false;
    }
  })();
  return registration;
}
