export { registerDashboardRoutes } from './dashboard.routes';
