export { presentQueue } from './queues.presenter';
export { registerQueuesRoutes } from './queues.routes';
