import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { uploadOrKeepSaved } from '../../../lib/api/uploadAfterSave';
import { toast } from '../../../lib/toast';
import type { AttachmentFieldProps } from './AttachmentField';

/**
 * A record's one attachment in its dialog (AttachmentField): the file picked, uploaded once the record is saved
 * (spec 2 section 7), and the one saved before, removable at once (`removedMessage` toasts the removal).
 */
export function useRecordAttachment<Uploaded, Removed>(options: {
  recordId: number | undefined;
  savedName: string | null | undefined;
  upload: UseMutationResult<Uploaded, Error, { id: number; file: File }>;
  remove: UseMutationResult<Removed, Error, number>;
  removedMessage?: string;
}) {
  const { recordId, upload, remove, removedMessage } = options;
  const [pending, setPending] = useState<File | null>(null);
  const [savedName, setSavedName] = useState(options.savedName ?? null);
  const field: Pick<AttachmentFieldProps, 'savedName' | 'pending' | 'onPick' | 'removing' | 'onRemoveSaved'> =
    {
      savedName,
      pending,
      onPick: setPending,
      removing: remove.isPending,
      onRemoveSaved: () => {
        if (recordId === undefined) return;
        remove.mutate(recordId, {
          onSuccess: () => {
            setSavedName(null);
            if (removedMessage) toast.success(removedMessage);
          },
        });
      },
    };
  return {
    pending,
    field,
    uploading: upload.isPending,
    /** Uploads the picked file for the saved record; a failed upload leaves it saved without (it was toasted). */
    uploadFor: async (id: number): Promise<void> => {
      if (pending) await uploadOrKeepSaved(upload.mutateAsync({ id, file: pending }));
    },
  };
}
