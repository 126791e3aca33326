/**
 * Live updates (GET /api/live, Server-Sent Events): what changed, by topic, so each browser
 * re-reads only those queries. The server sends them; the web maps each topic to its queries,
 * so a topic added here must be handled there (the mapping is a Record over LiveTopic).
 */
export const LIVE_TOPICS = [
  'time_events',
  'notifications',
  'session',
  'team_activity',
  'approvals',
  'time_off',
  /** A roster was published or changed: planners' boards and people's schedules re-read. */
  'roster',
  /** Demand planning changed: requirements, an auto-fill's progress, coverage (#31). */
  'demand',
] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

/** Every topic at once: sent after the server lost track (its LISTEN reconnected) and on `ready`. */
export const ALL_LIVE_TOPICS = 'all';

/** The events of the stream: `ready` once it is open, `change` for each change. */
export type LiveEventName = 'ready' | 'change';

/** The data of a `ready` or `change` event (JSON). */
export interface LiveMessage {
  topic: LiveTopic | typeof ALL_LIVE_TOPICS;
}
