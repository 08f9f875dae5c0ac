export { presentTag } from './tags.presenter';
export { registerTagsRoutes } from './tags.routes';
