import { lazy, Suspense, useEffect, type ComponentProps } from 'react';
import type { Toaster } from 'sonner';
import { loadSonner, toasterIsListening, useIsToasterWanted } from '@/lib/toast';

type ToasterProps = ComponentProps<typeof Toaster>;

/** sonner's Toaster, which reports once it has mounted (its own effects, which subscribe, run first). */
const ListeningToaster = lazy(() =>
  loadSonner().then(({ Toaster: SonnerToaster }) => ({
    default: function ListeningToaster(props: ToasterProps) {
      useEffect(() => toasterIsListening(), []);
      return <SonnerToaster {...props} />;
    },
  })),
);

/** Mounts sonner's Toaster on the first toast (lib/toast), not with the first page. */
export function ToasterHost(props: ToasterProps) {
  const isWanted = useIsToasterWanted();
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <ListeningToaster {...props} />
    </Suspense>
  );
}
