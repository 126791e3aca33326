import { useSyncExternalStore } from 'react';
import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';

/*
 * Toasts without sonner on the first page (#16: a lean first page). The sign-in page shows a
 * toast only when something goes wrong, so sonner (~9 KB gzip) is loaded on the first toast,
 * or when a signed-in screen mounts (preloadToasts), whichever comes first. A toast asks
 * <ToasterHost> (main.tsx) to mount the Toaster, waits until it listens, then shows. Every
 * toast of the app goes through here (eslint forbids importing sonner elsewhere), so none can
 * be fired before the Toaster is there to show it.
 */

type Sonner = typeof SonnerModule;
type Message = string;

let isWanted = false;
const listeners = new Set<() => void>();
let markReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});
let sonner: Promise<Sonner> | null = null;

/**
 * Signed-in screens call this as they mount: a toast raised offline (a punch queued, the
 * connection lost) cannot load sonner then, so it must already be here.
 */
export function preloadToasts(): void {
  void loadSonner();
}

/** sonner itself, loaded once. */
export function loadSonner(): Promise<Sonner> {
  sonner ??= import('sonner');
  return sonner;
}

function whenListening(): Promise<Sonner> {
  if (!isWanted) {
    isWanted = true;
    listeners.forEach((listener) => listener());
  }
  return Promise.all([loadSonner(), ready]).then(([module]) => module);
}

function show(kind: 'message' | 'success' | 'error' | 'info' | 'warning') {
  return (message: Message, data?: ExternalToast): void => {
    void whenListening().then(({ toast: sonnerToast }) => {
      if (kind === 'message') sonnerToast(message, data);
      else sonnerToast[kind](message, data);
    });
  };
}

/** Same calls as sonner's toast (toast(), .success, .error, .info, .warning), fire and forget. */
export const toast = Object.assign(show('message'), {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
});

/** Whether a toast has been asked for yet (the host mounts the Toaster from then on). */
export function useIsToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => isWanted,
    () => false,
  );
}

/** Called by the host once the Toaster has mounted and subscribed. */
export function toasterIsListening(): void {
  markReady();
}
