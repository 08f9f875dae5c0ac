import type { FormEventHandler, ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';

interface FormDialogProps {
  open: boolean;
  title: string;
  cancelLabel: string;
  submitLabel: string;
  saving: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  testId: string;
  maxWidth?: 'sm' | 'md';
  children: ReactNode;
}

/** A modal form: title, fields, cancel and submit (the add/edit dialogs of the settings tabs). */
export function FormDialog(props: FormDialogProps) {
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      fullWidth
      maxWidth={props.maxWidth ?? 'sm'}
      data-testid={props.testId}
    >
      <form noValidate onSubmit={props.onSubmit}>
        <DialogTitle>{props.title}</DialogTitle>
        <DialogContent dividers>{props.children}</DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{props.cancelLabel}</Button>
          <Button type="submit" variant="contained" loading={props.saving}>
            {props.submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
