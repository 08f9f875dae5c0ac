export { registerTicketTagsRoutes } from './ticket-tags.routes';
