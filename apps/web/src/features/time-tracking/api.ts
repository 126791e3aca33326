import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { toast } from '@/lib/toast';
import {
  historyResponseSchema,
  recordTimeEventResponseSchema,
  todayResponseSchema,
  type TimeEvent,
} from '@punchclock/shared/contracts/time-tracking';
import {
  checkTransition,
  EVENT_SUCCESS_MESSAGES,
  type TimeEventType,
  type TimeState,
} from '@punchclock/shared/domain/time-state';
import type { PunchPosition } from '@punchclock/shared/contracts/locations';
import type { LocationMode } from '@punchclock/shared/domain/location-policy';
import { ApiError, isServerBusy } from '@/lib/api-client';
import { callEndpoint, type EndpointBody } from '@/lib/call-endpoint';
import { readPunchPosition } from '@/lib/punch-position';
import { readWithLastKnown } from '@/lib/last-known';
import { carryToToday } from './carry-to-today';
import {
  enqueuePendingAction,
  listPendingActions,
  pendingActionsLoaded,
  readPendingVersion,
  removePendingAction,
  subscribePendingActions,
  type PendingTimeAction,
} from './offline-queue';
import { timeEventsQueryKey } from '@/lib/query-keys';

export const todayQueryOptions = queryOptions({
  queryKey: [...timeEventsQueryKey, 'today'],
  // Offline, the last answer seen on this device shows with the queued punches on top.
  queryFn: async ({ signal }) =>
    carryToToday(
      await readWithLastKnown('today', () =>
        callEndpoint('GET /api/time-events/today', { schema: todayResponseSchema, signal }),
      ),
    ),
  networkMode: 'always',
  // The state must survive a reload mid-shift, so "today" is always re-read on mount.
  staleTime: 0,
});

export interface HistoryFilter {
  from?: string;
  to?: string;
  page: number;
}

export function historyQueryOptions(filter: HistoryFilter) {
  return queryOptions({
    queryKey: [...timeEventsQueryKey, 'history', filter],
    queryFn: ({ signal }) =>
      callEndpoint('GET /api/time-events/history', {
        query: { page: filter.page, from: filter.from, to: filter.to },
        schema: historyResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export type DisplayEvent = Pick<TimeEvent, 'id' | 'eventType' | 'occurredAt'> & {
  isPending: boolean;
};

export function usePendingActions(userId: string): PendingTimeAction[] {
  const version = useSyncExternalStore(subscribePendingActions, readPendingVersion);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the version is the change signal
  return useMemo(() => listPendingActions(userId), [userId, version]);
}

/** Today as the user should see it: the server's events plus anything still queued offline. */
export function useTodayView(userId: string) {
  const today = useQuery(todayQueryOptions);
  const pending = usePendingActions(userId);
  return useMemo(() => {
    const serverEvents: DisplayEvent[] = (today.data?.events ?? []).map((event) => ({
      ...event,
      isPending: false,
    }));
    const known = new Set(serverEvents.map((event) => event.id));
    const queued: DisplayEvent[] = pending
      .filter((action) => !known.has(action.id))
      .map((action) => ({
        id: action.id,
        eventType: action.eventType,
        occurredAt: action.capturedAt,
        isPending: true,
      }));
    const lastQueued = queued.at(-1);
    const state: TimeState = lastQueued ? lastQueued.eventType : (today.data?.state ?? 'none');
    const stateSince = lastQueued ? lastQueued.occurredAt : (today.data?.stateSince ?? null);
    return {
      query: today,
      state,
      stateSince,
      events: [...serverEvents, ...queued],
      pendingCount: queued.length,
    };
  }, [today, pending]);
}

function postTimeEvent(action: {
  id: string;
  eventType: TimeEventType;
  capturedOfflineAt?: string;
  position?: PunchPosition;
}) {
  return callEndpoint('POST /api/time-events', {
    body: action,
    schema: recordTimeEventResponseSchema,
  });
}

const isNetworkFailure = (error: unknown) => error instanceof ApiError && error.status === 0;

/** Seconds before sending again what a busy server refused: its Retry-After, or 5. */
const retryDelayMs = (error: ApiError) =>
  Math.min(300, Math.max(1, error.retryAfterSeconds ?? 5)) * 1000;

/** Set while usePendingSync is mounted: sends the queue again after `delayMs`. */
let scheduleSync: ((delayMs: number) => void) | null = null;

/**
 * Record a punch. Each click gets its own id, so a retry can never write twice; if the
 * server cannot be reached the action is queued on the device with the time it was taken.
 */
export function useRecordTimeEvent(
  userId: string,
  currentState: TimeState,
  locationMode: LocationMode = 'off',
) {
  const queryClient = useQueryClient();
  return useMutation({
    // TanStack Query would pause an offline mutation; this one queues offline work itself.
    networkMode: 'always',
    // Its own toast, with a fallback for an error without a message.
    meta: { showsOwnError: true },
    mutationFn: async (eventType: TimeEventType) => {
      const check = checkTransition(currentState, eventType);
      if (!check.allowed) throw new ApiError(check.message, 409, 'invalid_transition');
      const capturedAt = new Date().toISOString();
      // The team's location policy asks where the punch is made, at this moment only.
      const position = locationMode === 'off' ? null : await readPunchPosition();
      const action: PendingTimeAction = {
        id: crypto.randomUUID(),
        userId,
        eventType,
        capturedAt,
        ...(position ? { position } : {}),
      };
      if (!navigator.onLine) {
        await enqueuePendingAction(action);
        return { eventType, isQueued: true, isBusy: false, warning: null };
      }
      try {
        const { warning } = await postTimeEvent({
          id: action.id,
          eventType,
          ...(action.position ? { position: action.position } : {}),
        });
        return { eventType, isQueued: false, isBusy: false, warning };
      } catch (error) {
        // Busy: the server did nothing with it, so it is kept here and sent again shortly.
        const isBusy = isServerBusy(error);
        if (!isNetworkFailure(error) && !isBusy) throw error;
        await enqueuePendingAction(action);
        if (isBusy) scheduleSync?.(retryDelayMs(error));
        return { eventType, isQueued: true, isBusy, warning: null };
      }
    },
    onSuccess: ({ eventType, isQueued, isBusy, warning }) => {
      toast.success(EVENT_SUCCESS_MESSAGES[eventType], {
        description: isBusy
          ? t`The server is busy: saved on this device, it will be sent in a moment.`
          : isQueued
            ? t`Saved on this device. It will sync when you are back online.`
            : undefined,
      });
      // Recorded all the same; e.g. a clock-in hours before the shift (maybe the wrong day).
      if (warning) toast.warning(warning, { duration: 10_000 });
      if (!isQueued) void queryClient.invalidateQueries({ queryKey: timeEventsQueryKey });
    },
    onError: (error) => {
      toast.error(error.message || t`Failed to record event`);
    },
  });
}

let isFlushing = false;

/** Sends queued actions in order whenever the connection is back; mounted once in the shell. */
export function usePendingSync(userId: string | null) {
  const queryClient = useQueryClient();
  const userIdRef = useRef(userId);
  useEffect(() => {
    userIdRef.current = userId;
  });

  const flush = useCallback(async () => {
    const currentUser = userIdRef.current;
    if (!currentUser || isFlushing || !navigator.onLine) return;
    isFlushing = true;
    let sent = 0;
    try {
      await pendingActionsLoaded;
      for (const action of listPendingActions(currentUser)) {
        try {
          const result = await postTimeEvent({
            id: action.id,
            eventType: action.eventType,
            capturedOfflineAt: action.capturedAt,
            ...(action.position ? { position: action.position } : {}),
          });
          sent += 1;
          if (result.needsReview) {
            toast.info(t`A punch saved offline was sent late, so your manager will review it.`);
          }
          if (result.warning) toast.warning(result.warning, { duration: 10_000 });
        } catch (error) {
          if (isNetworkFailure(error)) return; // still offline: keep it for next time
          if (isServerBusy(error)) {
            // Nothing was done with it: keep it, and send again when the server says.
            scheduleSync?.(retryDelayMs(error));
            return;
          }
          if (error instanceof ApiError && error.status === 401) return; // signed out: keep it
          toast.error(error instanceof Error ? error.message : t`Failed to record event`);
        }
        await removePendingAction(action.id);
      }
    } finally {
      isFlushing = false;
      if (sent > 0) void queryClient.invalidateQueries({ queryKey: timeEventsQueryKey });
    }
  }, [queryClient]);

  useEffect(() => {
    void flush();
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    const timer = window.setInterval(() => void flush(), 30_000);
    let retryTimer: number | undefined;
    const schedule = (delayMs: number) => {
      window.clearTimeout(retryTimer);
      retryTimer = window.setTimeout(() => void flush(), delayMs);
    };
    scheduleSync = schedule;
    return () => {
      window.removeEventListener('online', onOnline);
      window.clearInterval(timer);
      window.clearTimeout(retryTimer);
      if (scheduleSync === schedule) scheduleSync = null;
    };
  }, [flush, userId]);
}

/** Ask an approver to add, move or remove a punch of a past day. */
export function useRequestCorrection() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsOwnError: true }, // in the dialog
    mutationFn: (input: EndpointBody<'POST /api/corrections'>) =>
      callEndpoint('POST /api/corrections', { body: input }),
    onSuccess: () => {
      toast.success(t`Correction requested`);
      void queryClient.invalidateQueries({ queryKey: timeEventsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['corrections'] });
    },
  });
}
