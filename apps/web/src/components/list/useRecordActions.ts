import { useState } from 'react';
import { toast } from '../../lib/toast';

type DialogState<T> = { open: boolean; record: T | undefined; key: number };

interface DeleteMutation {
  mutate: (
    id: number,
    options: { onSuccess: () => void; onError?: (error: Error) => void; onSettled: () => void },
  ) => void;
  isPending: boolean;
}

export interface DeleteOptions {
  /** The deletion toast's kind: success unless the spec names another for the page (a prompt: info). */
  deletedToast?: 'success' | 'info';
  /** A failed delete; without it the mutation's own handler tells the user. */
  onDeleteError?: (error: Error) => void;
}

/**
 * The add/edit dialog and the delete confirmation of a page of records. `dialogKey` changes with each
 * opening: given as the dialog's key it mounts a fresh form, and closing keeps the content while the dialog
 * fades out. `confirm` spreads into ConfirmDialog.
 */
export function useRecordActions<T extends { id: number }>(
  remove: DeleteMutation,
  deletedMessage: string,
  { deletedToast = 'success', onDeleteError }: DeleteOptions = {},
) {
  const [dialog, setDialog] = useState<DialogState<T>>({ open: false, record: undefined, key: 0 });
  const [deleting, setDeleting] = useState<T | null>(null);
  const open = (record: T | undefined) => setDialog((d) => ({ open: true, record, key: d.key + 1 }));
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast[deletedToast](deletedMessage),
      onError: onDeleteError,
      onSettled: () => setDeleting(null),
    });
  };
  return {
    dialogOpen: dialog.open,
    dialogKey: dialog.key,
    /** The record being edited; undefined while adding. */
    editing: dialog.record,
    openAdd: () => open(undefined),
    openEdit: (record: T) => open(record),
    closeDialog: () => setDialog((d) => ({ ...d, open: false })),
    deleting,
    askDelete: setDeleting,
    /** ConfirmDialog's open, pending, onConfirm and onClose for the record being deleted. */
    confirm: {
      open: deleting !== null,
      pending: remove.isPending,
      onConfirm: confirmDelete,
      onClose: () => setDeleting(null),
    },
  };
}
