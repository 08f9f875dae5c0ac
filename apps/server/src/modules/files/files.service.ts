import {
  pageSizes,
  type FileListInput,
  type FileListView,
  type ListFilesAnswer,
  type ListFilesQuery,
} from '@zapdesk/contracts';
import type { Actor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { removeStoredFiles } from '../../platform/http/media-upload';
import type { MediaStorage } from '../../platform/storage/media-storage';
import type { MultipartUpload } from '../../platform/storage/multipart-upload';
import type { TenantScope, TenantTx } from '../../platform/tenancy';
import { fileListChanged } from './files.events';
import { presentFileList } from './files.presenter';
import {
  deleteFileListRow,
  deleteOtherOptions,
  getFileList,
  insertFileList,
  insertOption,
  optionsOf,
  pageFileLists,
  renameOption,
  setOptionFile,
  updateFileListRow,
  type FileListRow,
} from './files.repository';

export interface FilesEnv {
  ctx: AppContext;
  storage: MediaStorage;
}

async function viewOf(tx: TenantTx, row: FileListRow): Promise<FileListView> {
  const options = await optionsOf(tx, [row.id]);
  return presentFileList(row, options.get(row.id) ?? []);
}

/** A page of file lists (a super user may name another company), by name, with their options. */
export function listFileLists(env: FilesEnv, actor: Actor, query: ListFilesQuery): Promise<ListFilesAnswer> {
  const limit = pageSizes.default;
  const offset = (query.pageNumber - 1) * limit;
  const companyId = actor.isSuper && query.companyId ? query.companyId : actor.companyId;
  return env.ctx.scopes.tenant(companyId).run(async (tx) => {
    const { rows, count } = await pageFileLists(tx, {
      search: query.searchParam.toLowerCase(),
      limit,
      offset,
    });
    const options = await optionsOf(
      tx,
      rows.map((r) => r.id),
    );
    const files = rows.map((row) => presentFileList(row, options.get(row.id) ?? []));
    return { files, count, hasMore: offset + rows.length < count };
  });
}

export function showFileList(scope: TenantScope, id: number): Promise<FileListView> {
  return scope.run(async (tx) => viewOf(tx, await getFileList(tx, id)));
}

/** Options kept by id are renamed, new ones added, the others deleted (their files after the commit). */
async function saveOptions(env: FilesEnv, tx: TenantTx, fileId: number, input: FileListInput): Promise<void> {
  const keep: number[] = [];
  for (const option of input.options) {
    if (option.id !== undefined && (await renameOption(tx, fileId, option.id, option.name)))
      keep.push(option.id);
  }
  const removed = await deleteOtherOptions(tx, fileId, keep);
  for (const option of input.options) {
    if (option.id === undefined || !keep.includes(option.id)) await insertOption(tx, fileId, option.name);
  }
  if (removed.length > 0) tx.afterCommit(() => removeStoredFiles(env.ctx.log, env.storage, removed));
}

/** Creates a file list (name unique per company, case-insensitive) authored by the caller. */
export function createFileList(
  env: FilesEnv,
  actor: Actor,
  scope: TenantScope,
  input: FileListInput,
): Promise<FileListView> {
  return scope.run(async (tx) => {
    const row = await insertFileList(tx, { name: input.name, message: input.message, userId: actor.userId });
    await saveOptions(env, tx, row.id, input);
    const view = await viewOf(tx, row);
    fileListChanged(env.ctx.realtime, tx, { action: 'create', record: view });
    return view;
  });
}

export function updateFileList(
  env: FilesEnv,
  actor: Actor,
  scope: TenantScope,
  id: number,
  input: FileListInput,
): Promise<FileListView> {
  return scope.run(async (tx) => {
    await getFileList(tx, id, { forUpdate: true });
    const row = await updateFileListRow(tx, id, {
      name: input.name,
      message: input.message,
      userId: actor.userId,
    });
    await saveOptions(env, tx, id, input);
    const view = await viewOf(tx, row);
    fileListChanged(env.ctx.realtime, tx, { action: 'update', record: view });
    return view;
  });
}

/**
 * POST /files/uploadList/:id: the i-th file goes to the option named by the i-th `id` field (its `mediaType` and
 * `name` fields beside it); the replaced files are removed after the commit. A file for an option that is not
 * the list's is refused (400 naming `id`) and nothing is kept.
 */
export async function uploadFileListFiles(
  env: FilesEnv,
  scope: TenantScope,
  id: number,
  upload: MultipartUpload,
): Promise<FileListView> {
  try {
    return await scope.run(async (tx) => {
      await getFileList(tx, id, { forUpdate: true });
      const replaced: string[] = [];
      for (const [i, file] of upload.files.entries()) {
        const optionId = Number(upload.fields.id?.[i]);
        if (!Number.isInteger(optionId) || optionId <= 0) throw AppError.validation({ id: 'Invalid value' });
        const before = await setOptionFile(tx, id, optionId, {
          path: file.relativePath,
          mediaType: upload.fields.mediaType?.[i] || file.mimetype,
          name: upload.fields.name?.[i]?.trim(),
        });
        if (before === undefined) throw AppError.validation({ id: 'Invalid value' });
        if (before !== '') replaced.push(before);
      }
      if (replaced.length > 0) tx.afterCommit(() => removeStoredFiles(env.ctx.log, env.storage, replaced));
      const view = await viewOf(tx, await getFileList(tx, id));
      fileListChanged(env.ctx.realtime, tx, { action: 'update', record: view });
      return view;
    });
  } catch (error) {
    await upload.discard();
    throw error;
  }
}

/** Deletes one list with its options and only that list's files. */
export async function deleteFileList(env: FilesEnv, scope: TenantScope, id: number) {
  await scope.run(async (tx) => {
    const paths = await deleteFileListRow(tx, id);
    if (!paths) throw AppError.notFound();
    tx.afterCommit(() => removeStoredFiles(env.ctx.log, env.storage, paths));
    fileListChanged(env.ctx.realtime, tx, { action: 'delete', id });
  });
  return { message: 'File List deleted' };
}
