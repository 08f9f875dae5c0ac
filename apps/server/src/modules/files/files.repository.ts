import type { Selectable } from 'kysely';
import type { FileOptionsTable, FilesTable } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { textContains } from '../../platform/db/search';
import type { TenantTx } from '../../platform/tenancy';

export type FileListRow = Selectable<FilesTable>;
export type FileOptionRow = Selectable<FileOptionsTable>;

/** A page of file lists whose name contains `search`, by name. */
export async function pageFileLists(
  tx: TenantTx,
  page: { search: string; limit: number; offset: number },
): Promise<{ rows: FileListRow[]; count: number }> {
  const query = tx
    .selectFrom('files')
    .$if(page.search !== '', (q) => q.where(textContains('files.name', page.search)));
  const total = await query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy((eb) => eb.fn('lower', ['files.name']))
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows, count: Number(total.count) };
}

/** The options of the given lists, by id (their order in the dialog). */
export async function optionsOf(tx: TenantTx, fileIds: number[]): Promise<Map<number, FileOptionRow[]>> {
  const byList = new Map<number, FileOptionRow[]>();
  if (fileIds.length === 0) return byList;
  const rows = await tx
    .selectFrom('fileOptions')
    .where('fileId', 'in', fileIds)
    .selectAll()
    .orderBy('id')
    .execute();
  for (const row of rows) byList.set(row.fileId, [...(byList.get(row.fileId) ?? []), row]);
  return byList;
}

export async function getFileList(
  tx: TenantTx,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<FileListRow> {
  const row = await tx
    .selectFrom('files')
    .where('id', '=', id)
    .selectAll()
    .$if(options.forUpdate === true, (q) => q.forUpdate())
    .executeTakeFirst();
  if (!row) throw AppError.notFound();
  return row;
}

const nameTaken = (error: unknown): boolean =>
  (error as { code?: string; constraint?: string }).code === '23505';

export async function insertFileList(
  tx: TenantTx,
  values: { name: string; message: string; userId: number },
): Promise<FileListRow> {
  return tx
    .insertInto('files')
    .values({ ...values, companyId: tx.companyId })
    .returningAll()
    .executeTakeFirstOrThrow()
    .catch((error: unknown) => {
      if (nameTaken(error)) throw new AppError('ERR_FILE_NAME_ALREADY_EXISTS', 'A file list has this name');
      throw error;
    });
}

export async function updateFileListRow(
  tx: TenantTx,
  id: number,
  values: { name: string; message: string; userId: number },
): Promise<FileListRow> {
  const row = await tx
    .updateTable('files')
    .set({ ...values, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
    .catch((error: unknown) => {
      if (nameTaken(error)) throw new AppError('ERR_FILE_NAME_ALREADY_EXISTS', 'A file list has this name');
      throw error;
    });
  if (!row) throw AppError.notFound();
  return row;
}

export async function insertOption(tx: TenantTx, fileId: number, name: string): Promise<void> {
  await tx.insertInto('fileOptions').values({ companyId: tx.companyId, fileId, name }).execute();
}

export async function renameOption(tx: TenantTx, fileId: number, id: number, name: string): Promise<boolean> {
  const result = await tx
    .updateTable('fileOptions')
    .set({ name, updatedAt: new Date() })
    .where('id', '=', id)
    .where('fileId', '=', fileId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes the options of a list not in `keep`; answers their stored paths (to remove after commit). */
export async function deleteOtherOptions(tx: TenantTx, fileId: number, keep: number[]): Promise<string[]> {
  const removed = await tx
    .deleteFrom('fileOptions')
    .where('fileId', '=', fileId)
    .$if(keep.length > 0, (q) => q.where('id', 'not in', keep))
    .returning('path')
    .execute();
  return removed.map((r) => r.path).filter((p) => p !== '');
}

/** Sets an option's stored file; answers the path it replaces ('' when none), or undefined for a stranger id. */
export async function setOptionFile(
  tx: TenantTx,
  fileId: number,
  id: number,
  file: { path: string; mediaType: string; name?: string },
): Promise<string | undefined> {
  const before = await tx
    .selectFrom('fileOptions')
    .where('id', '=', id)
    .where('fileId', '=', fileId)
    .select('path')
    .forUpdate()
    .executeTakeFirst();
  if (!before) return undefined;
  await tx
    .updateTable('fileOptions')
    .set({
      path: file.path,
      mediaType: file.mediaType,
      ...(file.name ? { name: file.name } : {}),
      updatedAt: new Date(),
    })
    .where('id', '=', id)
    .execute();
  return before.path;
}

/** Deletes a list and its options; answers the options' stored paths. */
export async function deleteFileListRow(tx: TenantTx, id: number): Promise<string[] | undefined> {
  const paths = await tx.selectFrom('fileOptions').where('fileId', '=', id).select('path').execute();
  const result = await tx.deleteFrom('files').where('id', '=', id).executeTakeFirst();
  if (result.numDeletedRows === 0n) return undefined;
  return paths.map((p) => p.path).filter((p) => p !== '');
}
