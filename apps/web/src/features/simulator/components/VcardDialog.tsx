import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form/FormTextField';
import { VcardInput, type VcardForm, type VcardValues } from '../schemas';

const empty: VcardForm = { contactName: '', contactPhone: '' };

/** The customer shares a contact card. */
export function VcardDialog({
  open,
  onClose,
  onSend,
}: {
  open: boolean;
  onClose: () => void;
  onSend: (card: VcardValues) => void;
}) {
  const { t } = useTranslation('simulator');
  const form = useForm<VcardForm, unknown, VcardValues>({
    resolver: zodResolver(VcardInput),
    defaultValues: empty,
  });
  const close = () => {
    form.reset(empty);
    onClose();
  };
  const submit = form.handleSubmit((values) => {
    onSend(values);
    close();
  });

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle>{t('vcard.title')}</DialogTitle>
        <DialogContent>
          <FormTextField control={form.control} name="contactName" label={t('vcard.name')} required />
          <FormTextField
            control={form.control}
            name="contactPhone"
            label={t('vcard.phone')}
            inputMode="tel"
            required
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('dialog.cancel')}</Button>
          <Button type="submit" variant="contained">
            {t('dialog.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
