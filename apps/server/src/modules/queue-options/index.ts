export { registerQueueOptionsRoutes } from './queue-options.routes';
