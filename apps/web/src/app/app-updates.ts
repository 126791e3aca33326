import { toast } from '@/lib/toast';

/*
 * The installable, offline app (#17, decision 0025). The service worker (built by
 * vite-plugin-pwa, vite.config.ts) precaches the whole built app, so /dashboard opens with no
 * network; it never answers API requests. It is registered once someone is signed in, so the
 * sign-in page stays lean. A new version installs in the background and then waits: the person
 * is told "Update available" and chooses when to reload, so one page never runs old and new
 * code side by side.
 */

export const UPDATE_MESSAGE = 'Update available';

let registration: Promise<boolean> | null = null;

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
            toast.info(UPDATE_MESSAGE, {
              description: 'A new version of Punchclock is ready.',
              duration: Number.POSITIVE_INFINITY,
              action: { label: 'Reload', onClick: () => void updateServiceWorker(true) },
            });
          },
          onRegisteredSW: () => resolve(true),
          onRegisterError: () => resolve(false),
        });
      });
    } catch {
      return false;
    }
  })();
  return registration;
}
