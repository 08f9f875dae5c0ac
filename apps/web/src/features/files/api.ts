import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type FileListInput, type FileListView, type ListFilesAnswer } from '@zapdesk/contracts';
import { callRoute } from '../../lib/api/client';
import { containsText, removeFromLists, upsertInLists } from '../../lib/lists/liveCache';
import { usePagedSearch } from '../../lib/lists/usePagedSearch';
import { useState } from 'react';

export const fileKeys = { lists: () => ['files', 'list'] as const };

/** GET /files: searchable (lower-cased), paged; also keeps the total count for the title. */
export function useFileLists() {
  const [count, setCount] = useState(0);
  const list = usePagedSearch({
    key: fileKeys.lists(),
    fetchPage: async (search, pageNumber, signal) => {
      const answer = await callRoute<typeof routes.files.list, ListFilesAnswer>(routes.files.list, {
        query: { searchParam: search.toLowerCase(), pageNumber },
        signal,
      });
      setCount(answer.count);
      return { records: answer.files, hasMore: answer.hasMore };
    },
  });
  return { ...list, count };
}

export function useApplyFileList() {
  const client = useQueryClient();
  return {
    upsert: (file: FileListView) =>
      upsertInLists(client, fileKeys.lists(), file, (f, search) => containsText(f.name, search)),
    remove: (id: number) => removeFromLists<FileListView>(client, fileKeys.lists(), id),
  };
}

export interface OptionDraft {
  id?: number;
  name: string;
  /** The saved file's path, shown while no new file is chosen. */
  path: string;
  file?: File;
}

/** Saves the list, then uploads the chosen files of its options (POST /files/uploadList/:id). */
export function useSaveFileList() {
  const apply = useApplyFileList();
  return useMutation({
    mutationFn: async ({
      id,
      name,
      message,
      options,
    }: {
      id?: number;
      name: string;
      message: string;
      options: OptionDraft[];
    }): Promise<FileListView> => {
      const body: FileListInput = {
        name,
        message,
        options: options.map((o) => ({ id: o.id, name: o.name })),
      };
      const saved: FileListView =
        id === undefined
          ? await callRoute(routes.files.create, { body })
          : await callRoute(routes.files.update, { params: { id }, body });
      // Kept options keep their ids; new ones come after them, in the order they were added.
      const kept = new Set(options.flatMap((o) => (o.id === undefined ? [] : [o.id])));
      const fresh = saved.options.filter((o) => !kept.has(o.id));
      let next = 0;
      const form = new FormData();
      form.append('fileId', String(saved.id));
      form.append('typeArch', 'fileList');
      let files = 0;
      for (const option of options) {
        const target = option.id ?? fresh[next++]?.id;
        if (!option.file || target === undefined) continue;
        form.append('files', option.file);
        form.append('mediaType', option.file.type);
        form.append('name', option.name);
        form.append('id', String(target));
        files++;
      }
      if (files === 0) return saved;
      return callRoute(routes.files.uploadList, { params: { id: saved.id }, body: form });
    },
    onSuccess: apply.upsert,
  });
}

export function useDeleteFileList() {
  const apply = useApplyFileList();
  return useMutation({
    mutationFn: (id: number) => callRoute(routes.files.remove, { params: { id } }),
    onSuccess: (_answer, id) => apply.remove(id),
  });
}
