export { mapContactLid, upsertContact } from './contact-upsert';
export { presentContact } from './contacts.presenter';
export { registerContactsRoutes } from './contacts.routes';
