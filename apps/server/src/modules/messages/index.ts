/**
 * Messages: every message row is written here, and nowhere else.
 *
 * To send a message from the server (a reply, an automatic text, a scheduled message, a campaign, a bot), store it
 * in its ticket with `sendMessage(tx, env, { ticket, contact, parts, origin })` inside your transaction: the
 * message rows and their outbox rows commit together, and after commit the events go out and the connection's
 * queue delivers them. `env` is an `OutgoingEnv` (ctx, media storage and the `Outbox` port), handed to your
 * module at wiring (modules/index.ts); never import `messaging/` from a module. For a system text with variables
 * use `sendAutomaticMessage`; render your own texts with `renderTemplate(text, messageVariables(…))`.
 */
export { registerMessagesRoutes } from './messages.routes';
export type { MessagesEnv } from './messages.env';
export type { Outbox, OutgoingEnv, OutgoingMedia, OutgoingTask } from './outbox.port';
export {
  mediaTypeOf,
  sendMessage,
  storeOutgoing,
  type MessageOrigin,
  type OutgoingPart,
} from './store-outgoing';
export { storeOutgoingMany, type OutgoingSend } from './store-outgoing-many';
export { withdrawUnsentMessages } from './withdraw-unsent';
export { sendAutomaticMessage, ticketMessagesOf } from './automatic-message';
export { resetUnreadAfterCommit, resetUnreadWithReceipt } from './unread-reset';
export { greetingFor, localParts, messageVariables, renderTemplate } from './render-template';
export { prepareOutgoingMedia } from './prepare-media';
export { convertToVoiceNote, isBrowserRecording } from './voice-note';
export { AUDIO_WITHOUT_CAPTION } from './last-media-type';
export { emitMessageCreated, emitMessageUpdated } from './messages.events';
export { loadMessageView, loadMessageViews, presentUnquotedMessage } from './messages.presenter';
export {
  findMessage,
  findMessageByWid,
  insertMessage,
  raiseAck,
  touchTicketWithMessages,
  type MessageRow,
} from './messages.repository';
export { raiseAcksByWid, storedWids, type AckByWid } from './message-acks.repository';
export { carriesRefs, TicketTouches, type TicketWithRefs } from './ticket-touches';
