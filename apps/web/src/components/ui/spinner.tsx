import { useLingui } from '@lingui/react/macro';
import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/cn';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  const { t } = useLingui();
  return (
    <span role="status" aria-label={label ?? t`Loading`} className="inline-flex">
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
