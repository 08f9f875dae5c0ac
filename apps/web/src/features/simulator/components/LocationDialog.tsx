import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form/FormTextField';
import { LocationInput, type LocationForm, type LocationValues } from '../schemas';

/** Praça da Sé, São Paulo: the server's own default spot. */
const defaults: LocationForm = { latitude: '-23.5505', longitude: '-46.6333', name: '' };

/** The customer shares a location. */
export function LocationDialog({
  open,
  onClose,
  onSend,
}: {
  open: boolean;
  onClose: () => void;
  onSend: (location: LocationValues) => void;
}) {
  const { t } = useTranslation('simulator');
  const form = useForm<LocationForm, unknown, LocationValues>({
    resolver: zodResolver(LocationInput),
    defaultValues: defaults,
  });
  const close = () => {
    form.reset(defaults);
    onClose();
  };
  const submit = form.handleSubmit((values) => {
    onSend(values);
    close();
  });

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle>{t('location.title')}</DialogTitle>
        <DialogContent>
          <FormTextField
            control={form.control}
            name="latitude"
            label={t('location.latitude')}
            inputMode="decimal"
            required
          />
          <FormTextField
            control={form.control}
            name="longitude"
            label={t('location.longitude')}
            inputMode="decimal"
            required
          />
          <FormTextField control={form.control} name="name" label={t('location.name')} />
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
