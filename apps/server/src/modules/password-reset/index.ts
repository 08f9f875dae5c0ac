export { registerPasswordResetRoutes } from './password-reset.routes';
