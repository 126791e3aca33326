// Account settings → Language (decision 0036).
export { registerLanguageRoutes } from './routes.ts';
