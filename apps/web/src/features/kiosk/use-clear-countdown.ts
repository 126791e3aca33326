import { useCallback, useEffect, useState } from 'react';
import { useNow } from '@/lib/use-now';

/** The person's screen clears itself this long after their last tap (#17). */
export const KIOSK_CLEAR_SECONDS = 10;

/** Seconds until the screen clears (calling `onClear`); `restart` after each tap. */
export function useClearCountdown(onClear: () => void) {
  const [clearsAt, setClearsAt] = useState(() => Date.now() + KIOSK_CLEAR_SECONDS * 1000);
  const now = useNow(250);
  const secondsLeft = Math.max(0, Math.ceil((clearsAt - now) / 1000));
  useEffect(() => {
    if (secondsLeft === 0) onClear();
  }, [secondsLeft, onClear]);
  const restart = useCallback(() => setClearsAt(Date.now() + KIOSK_CLEAR_SECONDS * 1000), []);
  return { secondsLeft, restart };
}
