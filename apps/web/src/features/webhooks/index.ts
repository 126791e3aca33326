import { lazy } from 'react';

/** /webhooks (admin): endpoints, their signing secrets and delivery logs. */
export const WebhooksPage = lazy(() => import('./webhooks-page'));
