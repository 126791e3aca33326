import { cn } from '@/lib/cn';

/** A percentage, or a plain word when there is nothing to score (never a fake 0 % or 100 %). */
export function Percent({
  value,
  empty = 'n/a',
  target,
}: {
  value: number | null;
  empty?: string;
  target?: number;
}) {
  if (value === null) return <span className="text-muted-foreground">{empty}</span>;
  return (
    <span
      className={cn('tabular-nums', target !== undefined && value < target && 'text-destructive')}
    >
      {value.toFixed(1)}%
    </span>
  );
}
