import { routes } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { checkout } from './checkout.service';
import { receivePixNotification, registerPixWebhook } from './payment-webhook.service';
import { paySandboxCharge } from './pix-sandbox.service';
import type { PixProvider } from './pix/pix-provider';

/** Checkout, the payment webhook and the sandbox's pay action (spec 1 sections 5 and 7, server-behaviour 17). */
export function registerSubscriptionRoutes(ctx: AppContext, pix: PixProvider): void {
  // Each checkout and each notified charge costs a request to the provider: bounded per client address.
  ctx.bind(routes.subscription.checkout, ({ actor, body }) => checkout(ctx, pix, actor, body), {
    rateLimitPerMinute: 60,
  });
  ctx.bind(routes.subscription.createWebhook, ({ body }) => registerPixWebhook(ctx, pix, body));
  ctx.bind(routes.subscription.webhook, ({ body }) => receivePixNotification(ctx, pix, body), {
    rateLimitPerMinute: 600,
  });
  ctx.bind(routes.subscription.paySandboxCharge, ({ actor, params, body }) => {
    // Only the sandbox is a bank we can pay from here.
    if (pix.name !== 'sandbox') throw AppError.notFound();
    return paySandboxCharge(ctx, actor, params.txid, body);
  });
}
