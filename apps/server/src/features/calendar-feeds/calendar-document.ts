import { TZDate } from '@date-fns/tz';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical from 'ical-generator';
import { shiftDate } from '@punchclock/shared/domain/business-time';

/** One event of a feed: a shift (start and end instants) or a day off (whole days). */
export type CalendarEntry =
  | { uid: string; summary: string; start: Date; end: Date; description?: string }
  | { uid: string; summary: string; firstDay: string; lastDay: string; description?: string };

/**
 * An iCalendar (RFC 5545) document in the business time zone, with its VTIMEZONE, so a
 * calendar app places a 09:00 shift at 09:00 on both sides of a daylight-saving change.
 * Whole days are written as dates (no time zone applies to them).
 */
export function writeCalendar(name: string, timeZone: string, entries: CalendarEntry[]): string {
  const calendar = ical({
    name,
    prodId: { company: 'Punchclock', product: 'Punchclock', language: 'EN' },
    timezone: { name: timeZone, generator: getVtimezoneComponent },
    // How often subscribed apps should fetch again (Outlook reads X-PUBLISHED-TTL).
    ttl: 60 * 60,
  });
  for (const entry of entries) {
    if ('firstDay' in entry) {
      calendar.createEvent({
        id: entry.uid,
        summary: entry.summary,
        description: entry.description ?? null,
        allDay: true,
        // Dates as floating midnights: ical-generator writes only their yyyymmdd.
        start: floatingDay(entry.firstDay),
        end: floatingDay(shiftDate(entry.lastDay, 1)),
        floating: true,
      });
    } else {
      calendar.createEvent({
        id: entry.uid,
        summary: entry.summary,
        description: entry.description ?? null,
        // As TZDates: ical-generator writes a plain Date's UTC digits under the TZID.
        start: new TZDate(entry.start.getTime(), timeZone),
        end: new TZDate(entry.end.getTime(), timeZone),
        timezone: timeZone,
      });
    }
  }
  return calendar.toString();
}

function floatingDay(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}
