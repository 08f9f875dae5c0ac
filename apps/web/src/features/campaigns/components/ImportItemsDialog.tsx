import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ContactListUploadAnswer } from '@zapdesk/contracts';
import { useImportItems } from '../contactListsApi';

/**
 * The list-item import (spec 2 section 2): a confirmation, then the .xls/.xlsx upload behind a progress bar, then
 * how many were imported and the rows that were not.
 */
export function ImportItemsDialog({
  listId,
  open,
  onClose,
}: {
  listId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('campaigns');
  const input = useRef<HTMLInputElement>(null);
  const upload = useImportItems(listId);
  const [result, setResult] = useState<ContactListUploadAnswer | null>(null);
  const close = () => {
    setResult(null);
    upload.reset();
    onClose();
  };
  const chosen = (file: File | undefined) => {
    if (!file) return;
    upload.mutate(file, { onSuccess: setResult });
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" data-testid="contact-list-import-dialog">
      <DialogTitle>{t('items.importTitle')}</DialogTitle>
      <DialogContent dividers>
        {!result && <Typography>{t('items.importConfirm')}</Typography>}
        {upload.isPending && (
          <>
            <Typography sx={{ mt: 2 }}>{t('items.importing')}</Typography>
            <LinearProgress data-testid="contact-list-import-progress" />
          </>
        )}
        {result && (
          <>
            <Alert severity="success" data-testid="contact-list-import-count">
              {t('items.imported', { count: result.contacts.length })}
            </Alert>
            {result.errorBag.length > 0 && (
              <>
                <Typography variant="subtitle2" sx={{ mt: 2 }}>
                  {t('items.importErrors')}
                </Typography>
                <List dense data-testid="contact-list-import-errors">
                  {result.errorBag.map((row, i) => (
                    <ListItem key={i}>
                      <ListItemText primary={row.contactName} secondary={row.error.message} />
                    </ListItem>
                  ))}
                </List>
              </>
            )}
          </>
        )}
        <input
          ref={input}
          type="file"
          hidden
          accept=".xls,.xlsx"
          data-testid="contact-list-import-file"
          onChange={(event) => chosen(event.target.files?.[0])}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('items.close')}</Button>
        {!result && (
          <Button
            variant="contained"
            loading={upload.isPending}
            onClick={() => input.current?.click()}
            data-testid="contact-list-import-choose"
          >
            {t('items.chooseFile')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
