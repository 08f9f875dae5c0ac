export { presentQuickMessage } from './quick-messages.presenter';
export { registerQuickMessagesRoutes } from './quick-messages.routes';
