export { registerChatsRoutes } from './chats.routes';
