export { registerMessagesRoutes } from './messages.routes';
export { emitMessageCreated, emitMessageUpdated } from './messages.events';
export { loadMessageView, loadMessageViews } from './messages.presenter';
export {
  findMessage,
  findMessageByWid,
  insertMessage,
  raiseAck,
  touchTicketWithMessages,
  type MessageRow,
} from './messages.repository';
