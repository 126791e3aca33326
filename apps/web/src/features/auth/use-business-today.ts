import { toBusinessDate } from '@punchclock/shared/domain/business-time';
import { useNow } from '@/lib/use-now';
import { useSession } from './api';

/** Today's business date (yyyy-MM-dd in the business time zone), rolling over at midnight. */
export function useBusinessToday(): string {
  const { timeZone } = useSession();
  return toBusinessDate(useNow(60_000), timeZone);
}
