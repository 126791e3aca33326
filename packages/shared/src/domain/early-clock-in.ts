import { t } from '@lingui/core/macro';
import { formatBusinessTime } from './business-time.ts';

/** "3 h 10 min", "2 h", "45 min": how far ahead, in words for a toast. */
function formatLead(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/**
 * The hint for a clock-in well before the person's shift (issue #12): the clock-in stands, the
 * person is only told, in case they meant another day or punched by mistake. Null within the
 * margin or after the start.
 */
export function earlyClockInWarning(input: {
  clockInAt: Date;
  shiftStart: Date;
  marginMinutes: number;
  timeZone: string;
}): string | null {
  const minutesEarly = Math.floor(
    (input.shiftStart.getTime() - input.clockInAt.getTime()) / 60_000,
  );
  if (minutesEarly <= input.marginMinutes) return null;
  const lead = formatLead(minutesEarly);
  const time = formatBusinessTime(input.shiftStart, input.timeZone);
  return t`You clocked in ${lead} before your shift starts at ${time}`;
}
