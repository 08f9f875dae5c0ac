import type { FormEventHandler, ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

export interface FormDialogBodyProps {
  title: string;
  /** The cancel button's text; the common "Cancel" unless told. */
  cancelLabel?: string;
  submitLabel: string;
  saving: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  submitTestId?: string;
  /** Buttons before cancel (a dialog's own extra actions). */
  extraActions?: ReactNode;
  children: ReactNode;
}

export interface FormDialogProps extends FormDialogBodyProps {
  open: boolean;
  testId: string;
  maxWidth?: 'xs' | 'sm' | 'md';
}

/** The form inside a dialog: title, fields, cancel and a submit button that shows it is busy. */
export function FormDialogBody(props: FormDialogBodyProps) {
  const { t } = useTranslation();
  return (
    <form noValidate onSubmit={props.onSubmit}>
      <DialogTitle>{props.title}</DialogTitle>
      <DialogContent dividers>{props.children}</DialogContent>
      <DialogActions>
        {props.extraActions}
        <Button onClick={props.onClose}>{props.cancelLabel ?? t('actions.cancel')}</Button>
        <Button type="submit" variant="contained" loading={props.saving} data-testid={props.submitTestId}>
          {props.submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}

/**
 * The one add/edit modal of the app. Its form state comes from `useEntityDialog`, whose `dialog` answer
 * fills onSubmit, onClose and saving. A dialog that must load before its form shows (a contact's details)
 * puts `FormDialogBody` in its own Dialog instead.
 */
export function FormDialog({ open, testId, maxWidth = 'sm', ...body }: FormDialogProps) {
  return (
    <Dialog open={open} onClose={body.onClose} fullWidth maxWidth={maxWidth} data-testid={testId}>
      <FormDialogBody {...body} />
    </Dialog>
  );
}
