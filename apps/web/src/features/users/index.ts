// Public module of the users feature.
import { lazy } from 'react';

export { directoryQueryOptions, teamsQueryOptions } from './api';

export const UsersPage = lazy(() => import('./pages/users-page'));
