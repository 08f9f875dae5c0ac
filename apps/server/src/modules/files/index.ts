export { registerFilesRoutes } from './files.routes';
