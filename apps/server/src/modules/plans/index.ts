export { registerPlansRoutes } from './plans.routes';
export { presentPlan } from './plans.presenter';
