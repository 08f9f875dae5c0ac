import type { AppContext } from '../../../platform/context';
import type { ProviderFactory } from '..';
import { CloudSession } from './cloud-session';
import { SentMessages } from './sent-messages.repository';

export { cloudWebhookPlugin } from './cloud-webhooks.routes';
export { CloudSession, type CloudSessionDeps } from './cloud-session';
export { signWebhookBody } from './webhook-signature';

/** The cloud adapter: sessions on the WhatsApp Business Cloud API at the configured Graph endpoint. */
export function cloudProvider(ctx: Pick<AppContext, 'config' | 'scopes'>): ProviderFactory {
  return (context) =>
    new CloudSession(context, {
      endpoint: ctx.config.cloudApi,
      sent: new SentMessages(ctx.scopes.tenant(context.connection.companyId), context.connection.whatsappId),
    });
}
