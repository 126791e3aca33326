import { useLingui } from '@lingui/react/macro';
import { Wifi, WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';

const BACK_ONLINE_VISIBLE_MS = 3000;

type Connectivity = 'online' | 'offline' | 'back-online';

/** Read by the toaster (main.tsx) so toasts sit below the banner and the top bar. */
const HEIGHT_VARIABLE = '--connectivity-banner-height';

/** Publishes the banner's height (it wraps on narrow screens) as a CSS variable on <html>. */
function usePublishedHeight(element: HTMLElement | null) {
  useEffect(() => {
    const root = document.documentElement;
    if (!element) {
      root.style.setProperty(HEIGHT_VARIABLE, '0px');
      return;
    }
    const observer = new ResizeObserver(() =>
      root.style.setProperty(HEIGHT_VARIABLE, `${element.offsetHeight}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.setProperty(HEIGHT_VARIABLE, '0px');
    };
  }, [element]);
}

/**
 * product §2: a lasting warning while offline; a success note for 3 s once back. It sits in the
 * page flow above the app, pushing the top bar down rather than covering its buttons.
 */
export function ConnectivityBanner() {
  const { t } = useLingui();
  const [state, setState] = useState<Connectivity>(() => (navigator.onLine ? 'online' : 'offline'));
  const [banner, setBanner] = useState<HTMLDivElement | null>(null);
  usePublishedHeight(state === 'online' ? null : banner);

  useEffect(() => {
    let hideTimer: number | undefined;
    const onOffline = () => {
      window.clearTimeout(hideTimer);
      setState('offline');
    };
    const onOnline = () => {
      setState('back-online');
      window.clearTimeout(hideTimer);
      hideTimer = window.setTimeout(() => setState('online'), BACK_ONLINE_VISIBLE_MS);
    };
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
      window.clearTimeout(hideTimer);
    };
  }, []);

  if (state === 'online') return null;
  const isOffline = state === 'offline';
  return (
    <div
      ref={setBanner}
      role={isOffline ? 'alert' : 'status'}
      className={
        isOffline
          ? 'flex items-center justify-center gap-2 bg-warning px-4 py-2 text-sm font-medium text-white dark:text-black'
          : 'flex items-center justify-center gap-2 bg-success px-4 py-2 text-sm font-medium text-white dark:text-black'
      }
    >
      {isOffline ? (
        <WifiOff className="size-4" aria-hidden />
      ) : (
        <Wifi className="size-4" aria-hidden />
      )}
      {isOffline
        ? t`No internet connection. Some features may be unavailable.`
        : t`Back online! All changes will sync automatically.`}
    </div>
  );
}
