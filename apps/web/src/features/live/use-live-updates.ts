import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionQueryKey } from '@/features/auth/api';
import { timeEventsQueryKey } from '@/features/time-tracking/api';

/**
 * One Server-Sent Events stream per tab. A "change" names what to re-read; after any
 * reconnect everything is re-read, since messages sent while disconnected are not replayed.
 */
export function useLiveUpdates(isSignedIn: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isSignedIn) return;
    const source = new EventSource('/api/live');
    let hasConnected = false;
    source.addEventListener('ready', () => {
      if (hasConnected) void queryClient.invalidateQueries();
      hasConnected = true;
    });
    source.addEventListener('change', (message: MessageEvent<string>) => {
      const { topic } = JSON.parse(message.data) as { topic: string };
      if (topic === 'time_events')
        void queryClient.invalidateQueries({ queryKey: timeEventsQueryKey });
      else if (topic === 'session')
        void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      else if (topic === 'all') void queryClient.invalidateQueries();
      else void queryClient.invalidateQueries({ queryKey: [topic] });
    });
    return () => source.close();
  }, [isSignedIn, queryClient]);
}
