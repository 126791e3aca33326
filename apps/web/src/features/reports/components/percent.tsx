import { useLingui } from '@lingui/react/macro';
import { formatNumber } from '@punchclock/shared/i18n/format';
import { cn } from '@/lib/cn';

/** A percentage, or a plain word when there is nothing to score (never a fake 0 % or 100 %). */
export function Percent({
  value,
  empty,
  target,
}: {
  value: number | null;
  empty?: string;
  target?: number;
}) {
  const { t } = useLingui();
  if (value === null) return <span className="text-muted-foreground">{empty ?? t`n/a`}</span>;
  // One decimal, as toFixed(1) gave, in the reader's language ("95.3%" / "95,3 %").
  const percent = formatNumber(value, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    useGrouping: false,
  });
  return (
    <span
      className={cn('tabular-nums', target !== undefined && value < target && 'text-destructive')}
    >
      {t`${percent}%`}
    </span>
  );
}
