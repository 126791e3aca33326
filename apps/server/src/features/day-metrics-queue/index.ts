// The day-metrics-queue feature's public module: other features and app.ts import only from here.
export { markDaysStale, markDaysStaleParams, markDaysStaleSql, takeQueuedDays } from './queue.ts';
