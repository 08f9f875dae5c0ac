import { cloudCredentialKeys, type UpdateWhatsappInput, type WhatsappView } from '@zapdesk/contracts';
import type { SessionControl } from '../session-control.port';
import type { AppContext } from '../../../platform/context';
import { AppError } from '../../../platform/http/app-error';
import type { TenantScope } from '../../../platform/tenancy';
import {
  assertCompanyReferences,
  countWhatsappQueues,
  setWhatsappQueues,
} from '../whatsapp-relations.repository';
import { whatsappsSaved } from '../whatsapps.events';
import { clearOtherDefaults, getWhatsapp, updateWhatsappRow } from '../whatsapps.repository';
import {
  assertGreeting,
  assertProviderAvailable,
  mergeCredentials,
  runSession,
  viewsOf,
} from '../whatsapps.service';

/**
 * Applies the connection form: absent fields (queueIds too) stay as they are. The default can move here
 * but not disappear (ERR_NO_OTHER_WHATSAPP). A new provider or new credentials restart the session.
 */
export async function updateWhatsapp(
  ctx: AppContext,
  sessions: SessionControl,
  scope: TenantScope,
  id: number,
  input: UpdateWhatsappInput,
): Promise<WhatsappView> {
  assertProviderAvailable(ctx, input.provider);
  const { view, restart } = await scope.run(async (tx) => {
    const current = await getWhatsapp(tx, id);
    const queueIds = input.queueIds && [...new Set(input.queueIds)];
    await assertCompanyReferences(tx, { ...input, queueIds });
    if (input.isDefault === false && current.isDefault) {
      throw new AppError('ERR_NO_OTHER_WHATSAPP', 'There must be a default connection');
    }
    assertGreeting(
      queueIds ? queueIds.length : await countWhatsappQueues(tx, id),
      input.greetingMessage ?? current.greetingMessage,
    );
    const provider = input.provider ?? current.provider;
    const credentials = mergeCredentials(current.providerConfig, input);
    if (provider === 'cloud') {
      const missing = cloudCredentialKeys.filter((key) => !credentials[key]);
      if (missing.length > 0)
        throw AppError.validation(Object.fromEntries(missing.map((key) => [key, 'Required'])));
    }
    const credentialsChanged = JSON.stringify(credentials) !== JSON.stringify(current.providerConfig ?? {});
    const row = await updateWhatsappRow(tx, id, {
      name: input.name,
      isDefault: input.isDefault,
      greetingMessage: input.greetingMessage,
      complationMessage: input.complationMessage,
      outOfHoursMessage: input.outOfHoursMessage,
      ratingMessage: input.ratingMessage,
      expiresInactiveMessage: input.expiresInactiveMessage,
      token: input.token || undefined,
      provider: input.provider,
      providerConfig: credentialsChanged ? JSON.stringify(credentials) : undefined,
      expiresTicket: input.expiresTicket,
      timeUseBotQueues: input.timeUseBotQueues,
      maxUseBotQueues: input.maxUseBotQueues,
      timeToTransfer: input.timeToTransfer,
      transferQueueId: input.transferQueueId,
      promptId: input.promptId,
      integrationId: input.integrationId,
    });
    const demoted = input.isDefault === true ? await clearOtherDefaults(tx, id) : [];
    if (queueIds) await setWhatsappQueues(tx, id, queueIds);
    const views = await viewsOf(tx, [row, ...demoted], true);
    whatsappsSaved(ctx, tx, views);
    const [updated] = views;
    if (!updated) throw AppError.notFound('ERR_NO_WAPP_FOUND');
    return { view: updated, restart: provider !== current.provider || credentialsChanged };
  });
  if (restart) await runSession(ctx, () => sessions.start(scope.companyId, id), 'restart');
  return view;
}
