export {
  chatIdOfContact,
  chatLockName,
  contactNumberOfChat,
  lockChat,
  lockChatForProcessing,
  lockChats,
  takeChatLock,
  tryLockChatsForProcessing,
} from './chat-key';
export { mapContactLid, upsertContact } from './contact-upsert';
export { upsertContactsByNumber } from './contact-upsert-many';
export {
  presentContact,
  PRESENTED_CONTACT_COLUMNS,
  type ContactRow,
  type PresentedContact,
} from './contacts.presenter';
export { registerContactsRoutes } from './contacts.routes';
export { readUploadRow, type UploadRow } from './upload-rows';
export { csvCell } from './contacts-csv';
