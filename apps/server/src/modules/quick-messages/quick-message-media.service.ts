import { quickMessageTypeArch, validationMessages as m, type QuickMessageView } from '@zapdesk/contracts';
import type { Actor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { removeStoredFiles, type Upload } from '../../platform/http/media-upload';
import type { MediaStorage } from '../../platform/storage/media-storage';
import type { TenantScope } from '../../platform/tenancy';
import { quickMessageSaved } from './quick-messages.events';
import { authorizeQuickMessageChange } from './quick-messages.policy';
import { presentQuickMessage } from './quick-messages.presenter';
import { getQuickMessage, updateQuickMessageRow } from './quick-messages.repository';

/** `typeArch` only picks the folder from an allow-list (server-behaviour 1.8); absent means the usual one. */
function assertTypeArch(typeArch: string | undefined): void {
  if (typeArch === undefined || typeArch === '') return;
  if (!(quickMessageTypeArch as readonly string[]).includes(typeArch)) {
    throw AppError.validation({ typeArch: m.invalid });
  }
}

/**
 * Stores a quick message's file as `public/company{cid}/quickMessages/<uuid>-<name>` (spaces in the name become
 * underscores) and sets mediaPath, mediaName and isMedia; the file it replaces goes after the commit.
 */
export async function attachQuickMessageMedia(
  ctx: AppContext,
  actor: Actor,
  scope: TenantScope,
  storage: MediaStorage,
  id: number,
  upload: Upload,
): Promise<QuickMessageView> {
  assertTypeArch(upload.fields.typeArch);
  await scope.run(async (tx) => authorizeQuickMessageChange(actor, await getQuickMessage(tx, id)));
  const stored = await storage.save(scope.companyId, 'quickMessages', upload.fileName, upload.data);
  try {
    return await scope.run(async (tx) => {
      const before = await getQuickMessage(tx, id);
      authorizeQuickMessageChange(actor, before);
      const row = await updateQuickMessageRow(tx, id, {
        mediaPath: stored.relativePath,
        mediaName: stored.fileName,
        isMedia: true,
      });
      const record = presentQuickMessage(row);
      quickMessageSaved(ctx, tx, 'update', record, before.geral);
      const replaced = before.mediaPath;
      if (replaced) tx.afterCommit(() => removeStoredFiles(ctx.log, storage, [replaced]));
      return record;
    });
  } catch (error) {
    await removeStoredFiles(ctx.log, storage, [stored.relativePath]);
    throw error;
  }
}

/** Detaches a quick message's file (owner or admin) and removes it once committed. */
export function removeQuickMessageMedia(
  ctx: AppContext,
  actor: Actor,
  scope: TenantScope,
  storage: MediaStorage,
  id: number,
): Promise<QuickMessageView> {
  return scope.run(async (tx) => {
    const before = await getQuickMessage(tx, id);
    authorizeQuickMessageChange(actor, before);
    const row = await updateQuickMessageRow(tx, id, { mediaPath: null, mediaName: null, isMedia: false });
    const record = presentQuickMessage(row);
    quickMessageSaved(ctx, tx, 'update', record, before.geral);
    const removed = before.mediaPath;
    if (removed) tx.afterCommit(() => removeStoredFiles(ctx.log, storage, [removed]));
    return record;
  });
}
