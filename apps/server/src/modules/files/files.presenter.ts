import type { FileListView, FileOptionView } from '@zapdesk/contracts';
import type { FileListRow, FileOptionRow } from './files.repository';

export function presentFileOption(row: FileOptionRow): FileOptionView {
  return { id: row.id, name: row.name, path: row.path, mediaType: row.mediaType, fileId: row.fileId };
}

export function presentFileList(row: FileListRow, options: FileOptionRow[]): FileListView {
  return {
    id: row.id,
    name: row.name,
    message: row.message,
    userId: row.userId,
    companyId: row.companyId,
    options: options.map(presentFileOption),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
