export { registerKioskRoutes } from './routes.ts';
