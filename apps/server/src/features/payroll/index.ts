// The payroll feature's public module: app.ts imports only from here.
export { registerPayrollRoutes } from './routes.ts';
