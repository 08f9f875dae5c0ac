import { routes } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import { MediaStorage } from '../../platform/storage/media-storage';
import { readMultipartUpload } from '../../platform/storage/multipart-upload';
import { AppError } from '../../platform/http/app-error';
import {
  createFileList,
  deleteFileList,
  listFileLists,
  showFileList,
  updateFileList,
  uploadFileListFiles,
  type FilesEnv,
} from './files.service';

/** The files library (spec 2 sections 2, 3 and 7; server-behaviour 15). */
export function registerFilesRoutes(ctx: AppContext): void {
  const env: FilesEnv = { ctx, storage: new MediaStorage(ctx.config.storageDir, ctx.config.backendUrl) };
  const r = routes.files;
  ctx.bind(r.list, ({ actor, query }) => listFileLists(env, actor, query));
  ctx.bind(r.get, ({ scope, params }) => showFileList(scope, params.id));
  ctx.bind(r.create, ({ actor, scope, body }) => createFileList(env, actor, scope, body));
  ctx.bind(r.update, ({ actor, scope, params, body }) => updateFileList(env, actor, scope, params.id, body));
  ctx.bind(r.uploadList, async ({ scope, params, request }) => {
    if (!request.isMultipart()) throw AppError.validation({ files: 'Required' });
    const upload = await readMultipartUpload(request, env.storage, scope.companyId, 'files', ['files']);
    // typeArch only ever names this folder (server-behaviour 1.8).
    const typeArch = upload.fields.typeArch?.[0];
    if (typeArch !== undefined && typeArch !== 'fileList') {
      await upload.discard();
      throw AppError.validation({ typeArch: 'Invalid value' });
    }
    return uploadFileListFiles(env, scope, params.id, upload);
  });
  ctx.bind(r.remove, ({ scope, params }) => deleteFileList(env, scope, params.id));
}
