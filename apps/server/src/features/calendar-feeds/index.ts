// The calendar-feeds feature's public module: app.ts imports only from here.
export { registerCalendarFeedRoutes } from './routes.ts';
