export { findConnectedDefault, findDefaultConnection } from './default-connection';
export type { NumberOnWhatsapp, SessionControl } from './session-control.port';
export type { WhatsappRow } from './whatsapps.repository';
export { registerWhatsappsRoutes } from './whatsapps.routes';
