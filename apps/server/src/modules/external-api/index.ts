export { createApiTokenResolver } from './api-token';
export { registerExternalApiRoutes } from './external-api.routes';
