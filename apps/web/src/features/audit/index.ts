// Public module of the audit feature: its screen, loaded on demand by the router.
import { lazy } from 'react';

export const AuditLogsPage = lazy(() => import('./audit-logs-page'));
