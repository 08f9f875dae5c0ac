import { useState } from 'react';
import { toast } from '../../lib/toast';

type DialogState<T> = { open: false } | { open: true; record: T | undefined };

/**
 * Add/edit dialog and delete confirmation state of a record list page. The deletion toast is a success toast
 * unless the spec names another kind for the page (a deleted prompt is an info toast).
 */
export function useRecordActions<T extends { id: number }>(
  remove: { mutate: (id: number, options: { onSuccess: () => void; onSettled: () => void }) => void },
  deletedMessage: string,
  deletedToast: 'success' | 'info' = 'success',
) {
  const [dialog, setDialog] = useState<DialogState<T>>({ open: false });
  const [deleting, setDeleting] = useState<T | null>(null);
  return {
    dialogOpen: dialog.open,
    /** The record being edited; undefined while adding. */
    editing: dialog.open ? dialog.record : undefined,
    openAdd: () => setDialog({ open: true, record: undefined }),
    openEdit: (record: T) => setDialog({ open: true, record }),
    closeDialog: () => setDialog({ open: false }),
    deleting,
    askDelete: setDeleting,
    cancelDelete: () => setDeleting(null),
    confirmDelete: () => {
      if (!deleting) return;
      remove.mutate(deleting.id, {
        onSuccess: () => toast[deletedToast](deletedMessage),
        onSettled: () => setDeleting(null),
      });
    },
  };
}
