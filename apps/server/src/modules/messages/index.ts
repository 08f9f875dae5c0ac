export { registerMessagesRoutes } from './messages.routes';
export { emitMessageCreated, emitMessageUpdated } from './messages.events';
export { loadMessageView, loadMessageViews } from './messages.presenter';
export {
  findMessage,
  findMessageByWid,
  insertMessage,
  raiseAck,
  touchTicketWithMessage,
  type MessageRow,
} from './messages.repository';
