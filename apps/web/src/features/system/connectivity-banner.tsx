import { Wifi, WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';

const BACK_ONLINE_VISIBLE_MS = 3000;

type Connectivity = 'online' | 'offline' | 'back-online';

/** SPEC §2: a lasting warning while offline; a success note for 3 s once back. */
export function ConnectivityBanner() {
  const [state, setState] = useState<Connectivity>(() => (navigator.onLine ? 'online' : 'offline'));

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
      role={isOffline ? 'alert' : 'status'}
      className={
        isOffline
          ? 'flex items-center justify-center gap-2 bg-warning px-4 py-2 text-sm font-medium text-black'
          : 'flex items-center justify-center gap-2 bg-success px-4 py-2 text-sm font-medium text-white dark:text-black'
      }
    >
      {isOffline ? (
        <WifiOff className="size-4" aria-hidden />
      ) : (
        <Wifi className="size-4" aria-hidden />
      )}
      {isOffline
        ? 'No internet connection. Some features may be unavailable.'
        : 'Back online! All changes will sync automatically.'}
    </div>
  );
}
