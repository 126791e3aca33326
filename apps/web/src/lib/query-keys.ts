/*
 * Query keys more than one feature reads or invalidates: a punch changes the schedule view and
 * the timesheet, leave changes schedules, the live stream re-reads them all. Keys a single
 * feature uses stay in its api.ts.
 */

/** The signed-in user, idle time-out and business time zone (lib/session.ts). */
export const sessionQueryKey = ['session'] as const;

/** Punches: today's view and the history (features/time-tracking). */
export const timeEventsQueryKey = ['time-events'] as const;

/** Timesheets: the person's own and the period overview (features/timesheets). */
export const timesheetsQueryKey = ['timesheets'] as const;

/** Shift templates and assignments (features/schedules). */
export const schedulesQueryKey = ['schedules'] as const;
