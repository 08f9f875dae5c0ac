export { registerCompaniesRoutes } from './companies.routes';
export { publicCompanyView, type CompanyHooks } from './companies.service';
