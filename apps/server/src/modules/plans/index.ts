export { registerPlansRoutes } from './plans.routes';
export { presentPlan } from './plans.presenter';
export type { PlanRow } from './plans.repository';
