import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionQueryKey } from '@/features/auth/api';
import { timeEventsQueryKey } from '@/features/time-tracking/api';

/** Messages for one topic within this window cause a single re-read (a shift-start burst). */
const COALESCE_MS = 500;

function queryKeyOf(topic: string): QueryKey | null {
  if (topic === 'time_events') return timeEventsQueryKey;
  if (topic === 'session') return sessionQueryKey;
  if (topic === 'all') return null; // everything
  return [topic];
}

/**
 * One Server-Sent Events stream per tab. A "change" names what to re-read; after any
 * reconnect everything is re-read, since messages sent while disconnected are not replayed.
 */
export function useLiveUpdates(isSignedIn: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isSignedIn) return;
    const source = new EventSource('/api/live');
    const pending = new Map<string, number>();
    const reread = (topic: string) => {
      if (pending.has(topic)) return;
      pending.set(
        topic,
        window.setTimeout(() => {
          pending.delete(topic);
          const queryKey = queryKeyOf(topic);
          void queryClient.invalidateQueries(queryKey ? { queryKey } : undefined);
        }, COALESCE_MS),
      );
    };
    let hasConnected = false;
    source.addEventListener('ready', () => {
      if (hasConnected) reread('all');
      hasConnected = true;
    });
    source.addEventListener('change', (message: MessageEvent<string>) => {
      reread((JSON.parse(message.data) as { topic: string }).topic);
    });
    return () => {
      source.close();
      pending.forEach((timer) => window.clearTimeout(timer));
    };
  }, [isSignedIn, queryClient]);
}
