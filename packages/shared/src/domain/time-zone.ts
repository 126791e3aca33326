/** The business time zone when none is configured (free of date-fns, for the web app's first page). */
export const DEFAULT_TIME_ZONE = 'America/Toronto';
