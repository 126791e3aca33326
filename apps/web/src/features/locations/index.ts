// Public module of the locations feature: the admin's screen of where each team may punch.
import { lazy } from 'react';

/** /punch-locations (admin): each team's location policy and places, and retention. */
export const PunchLocationsPage = lazy(() => import('./punch-locations-page'));
