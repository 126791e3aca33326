// The calendar-feeds feature's public module.
export { CalendarFeedsCard } from './calendar-feeds-card';
