import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/cn';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-label={label} className="inline-flex">
      <LoaderCircle className={cn('size-8 animate-spin text-primary', className)} aria-hidden />
    </span>
  );
}

export function FullPageSpinner() {
  return (
    <div className="flex min-h-full items-center justify-center" data-testid="page-spinner">
      <Spinner />
    </div>
  );
}
