import { useState } from 'react';
import Dialog from '@mui/material/Dialog';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { QueueDialogContent } from './QueueDialogContent';

/**
 * Add (no id) or edit a queue. Saving a new queue keeps the dialog open on that queue, so its chatbot
 * options can be added at once; closing unmounts the form, which resets it.
 */
export function QueueDialog({
  open,
  queueId,
  onClose,
}: {
  open: boolean;
  queueId: number | undefined;
  onClose: () => void;
}) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [createdId, setCreatedId] = useState<number | undefined>(undefined);

  const close = () => {
    setCreatedId(undefined);
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      scroll="paper"
      data-testid="queue-dialog"
    >
      {open && <QueueDialogContent queueId={queueId ?? createdId} onCreated={setCreatedId} onClose={close} />}
    </Dialog>
  );
}
