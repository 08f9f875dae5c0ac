export { registerCompaniesRoutes } from './companies.routes';
