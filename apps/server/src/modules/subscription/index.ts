export { createPixProvider } from './pix/create-pix-provider';
export type { PixProvider } from './pix/pix-provider';
export { registerSubscriptionRoutes } from './subscription.routes';
