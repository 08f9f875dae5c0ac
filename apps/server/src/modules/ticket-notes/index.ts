export { registerTicketNotesRoutes } from './ticket-notes.routes';
