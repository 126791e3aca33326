import { useLingui } from '@lingui/react/macro';
import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}

/** The card-shaped placeholder shown while a screen's code loads (product §2). */
export function CardSkeleton() {
  const { t } = useLingui();
  return (
    <div
      className="rounded-xl border bg-card p-6 shadow-sm"
      role="status"
      aria-label={t`Loading`}
      data-testid="card-skeleton"
    >
      <Skeleton className="mb-4 h-6 w-1/3" />
      <Skeleton className="mb-2 h-4 w-full" />
      <Skeleton className="mb-2 h-4 w-5/6" />
      <Skeleton className="h-4 w-2/3" />
    </div>
  );
}
