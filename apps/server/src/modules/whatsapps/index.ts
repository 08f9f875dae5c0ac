export { findDefaultConnection } from './default-connection';
export type { WhatsappRow } from './whatsapps.repository';
export { registerWhatsappsRoutes } from './whatsapps.routes';
