import type { CreateWhatsappInput, WhatsappView } from '@zapdesk/contracts';
import type { SessionControl } from '../session-control.port';
import type { Actor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { AppError } from '../../../platform/http/app-error';
import { assertCompanyReferences, setWhatsappQueues } from '../whatsapp-relations.repository';
import { whatsappsSaved } from '../whatsapps.events';
import {
  clearOtherDefaults,
  countWhatsapps,
  insertWhatsapp,
  lockCompanyConnectionLimit,
} from '../whatsapps.repository';
import {
  assertGreeting,
  assertProviderAvailable,
  mergeCredentials,
  runSession,
  viewsOf,
} from '../whatsapps.service';

/**
 * Creates a connection within the plan limit (counted with the company row locked): the first one, or
 * one asked to be, becomes the default. Then its session starts.
 */
export async function createWhatsapp(
  ctx: AppContext,
  sessions: SessionControl,
  actor: Actor,
  input: CreateWhatsappInput,
): Promise<WhatsappView> {
  assertProviderAvailable(ctx, input.provider);
  const queueIds = [...new Set(input.queueIds)];
  assertGreeting(queueIds.length, input.greetingMessage);
  const view = await ctx.scopes.tenant(actor.companyId).run(async (tx) => {
    const limit = await lockCompanyConnectionLimit(tx);
    if (limit === undefined) throw AppError.notFound();
    const count = await countWhatsapps(tx);
    if (limit > 0 && count >= limit) {
      throw new AppError('ERR_PLAN_LIMIT_CONNECTIONS', `The plan allows ${limit} connections`);
    }
    await assertCompanyReferences(tx, { ...input, queueIds });
    const isDefault = input.isDefault || count === 0;
    const row = await insertWhatsapp(tx, {
      name: input.name,
      isDefault,
      greetingMessage: input.greetingMessage,
      complationMessage: input.complationMessage,
      outOfHoursMessage: input.outOfHoursMessage,
      ratingMessage: input.ratingMessage,
      expiresInactiveMessage: input.expiresInactiveMessage,
      // Empty: the database draws a random one.
      ...(input.token ? { token: input.token } : {}),
      provider: input.provider,
      providerConfig: JSON.stringify(mergeCredentials({}, input)),
      expiresTicket: input.expiresTicket,
      timeUseBotQueues: input.timeUseBotQueues,
      maxUseBotQueues: input.maxUseBotQueues,
      timeToTransfer: input.timeToTransfer,
      transferQueueId: input.transferQueueId ?? null,
      promptId: input.promptId ?? null,
      integrationId: input.integrationId ?? null,
    });
    const demoted = isDefault ? await clearOtherDefaults(tx, row.id) : [];
    await setWhatsappQueues(tx, row.id, queueIds);
    const views = await viewsOf(tx, [row, ...demoted], true);
    whatsappsSaved(ctx, tx, views);
    const [created] = views;
    if (!created) throw AppError.notFound('ERR_NO_WAPP_FOUND');
    return created;
  });
  await runSession(ctx, () => sessions.start(actor.companyId, view.id), 'start');
  return view;
}
