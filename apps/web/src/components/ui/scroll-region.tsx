import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/**
 * A sideways-scrolling container (a wide table) that keyboard users can reach and scroll:
 * focusable, and announced as a named region (axe scrollable-region-focusable). It is the
 * containing block of what it holds (`relative`): a screen-reader-only label far right in a
 * wide table is positioned absolutely, and would otherwise widen the whole page on a phone.
 */
export function ScrollRegion({
  label,
  className,
  ...props
}: HTMLAttributes<HTMLDivElement> & { label: string }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn('relative overflow-x-auto rounded-md', className)}
      {...props}
    />
  );
}
