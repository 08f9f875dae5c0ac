export { mapContactLid, upsertContact } from './contact-upsert';
export { presentContact } from './contacts.presenter';
export { registerContactsRoutes } from './contacts.routes';
export { readUploadRow, type UploadRow } from './upload-rows';
export { csvCell } from './contacts-csv';
