export { registerHelpsRoutes } from './helps.routes';
