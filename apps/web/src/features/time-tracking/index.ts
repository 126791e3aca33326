// Public module of the time-tracking feature: punches, today's view and the dashboard cards.
import { lazy } from 'react';

export { usePendingSync, useRecordTimeEvent, useTodayView } from './api';
export { LiveTimerBanner } from './components/live-timer-banner';
export { TimeTrackerCard } from './components/time-tracker-card';
export { TodaySummaryCard } from './components/today-summary-card';
export { TodaysActivityCard } from './components/todays-activity-card';
export { useBreakTimer } from './use-break-timer';

export const AttendanceHistoryPage = lazy(() => import('./pages/attendance-history-page'));
