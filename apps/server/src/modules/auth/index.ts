export { registerAuthRoutes } from './auth.routes';
export { loadSessionUser } from './session-user';
