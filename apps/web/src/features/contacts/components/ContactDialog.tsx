import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ContactInput, type ContactDetailView, type ContactView } from '@zapdesk/contracts';
import { FormDialogBody } from '../../../components/FormDialog';
import { FormTextField } from '../../../components/form/FormTextField';
import { useEntityDialog } from '../../../components/form/useEntityDialog';
import { contractResolver } from '../../queues/formResolver';
import { useContactDetail, useSaveContact } from '../api';

interface ContactFormValues {
  name: string;
  number: string;
  email: string;
  extraInfo: { name: string; value: string }[];
}

const contactFormResolver = contractResolver<ContactFormValues, typeof ContactInput>(ContactInput);

const formValues = (contact: ContactDetailView | undefined, initialName = ''): ContactFormValues => ({
  name: contact?.name ?? initialName,
  number: contact?.number ?? '',
  email: contact?.email ?? '',
  extraInfo: (contact?.extraInfo ?? []).map(({ name, value }) => ({ name, value })),
});

interface ContactFormProps {
  contact: ContactDetailView | undefined;
  /** A new contact starts with this name (the new-ticket dialog's free text). */
  initialName?: string;
  onSaved?: (contact: ContactDetailView) => void;
  onClose: () => void;
}

function ContactForm({ contact, initialName, onSaved, onClose }: ContactFormProps) {
  const { t } = useTranslation('contacts');
  const save = useSaveContact();
  // Server refusals (ERR_DUPLICATED_CONTACT, ERR_WAPP_INVALID_CONTACT…) toast translated through the shared handler.
  const { form, dialog } = useEntityDialog({
    resolver: contactFormResolver,
    values: formValues(contact, initialName),
    save: (body) => save.mutateAsync({ id: contact?.id, body }),
    savedMessage: t('toasts.saved'),
    onSaved,
    onClose,
  });
  const extra = useFieldArray({ control: form.control, name: 'extraInfo' });

  return (
    <FormDialogBody
      title={contact ? t('dialog.editTitle') : t('dialog.addTitle')}
      submitLabel={contact ? t('dialog.save') : t('dialog.add')}
      {...dialog}
      submitTestId="contact-save"
    >
      <Typography variant="subtitle2" color="text.secondary">
        {t('dialog.data')}
      </Typography>
      <Box sx={{ display: 'flex', gap: { sm: 2 }, flexDirection: { xs: 'column', sm: 'row' } }}>
        <FormTextField control={form.control} name="name" label={t('dialog.name')} required autoFocus />
        <FormTextField
          control={form.control}
          name="number"
          label={t('dialog.number')}
          placeholder="5513912344321"
          required
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Box>
      <FormTextField control={form.control} name="email" label={t('dialog.email')} type="email" />
      <Typography variant="subtitle2" color="text.secondary" sx={{ mt: 2 }}>
        {t('dialog.extraInfo')}
      </Typography>
      {extra.fields.map((field, index) => (
        <Box
          key={field.id}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
          data-testid="contact-extra-row"
        >
          <FormTextField
            control={form.control}
            name={`extraInfo.${index}.name`}
            label={t('dialog.extraName')}
            size="small"
          />
          <FormTextField
            control={form.control}
            name={`extraInfo.${index}.value`}
            label={t('dialog.extraValue')}
            size="small"
          />
          <IconButton
            aria-label={t('dialog.removeExtra')}
            onClick={() => extra.remove(index)}
            sx={{ mt: 2.5 }}
            size="small"
          >
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Box>
      ))}
      <Button
        startIcon={<AddIcon />}
        onClick={() => extra.append({ name: '', value: '' })}
        sx={{ mt: 1 }}
        data-testid="contact-extra-add"
      >
        {t('dialog.addExtra')}
      </Button>
    </FormDialogBody>
  );
}

/** Edit: the form opens once the contact's extra info is loaded. */
function EditContactForm({
  contact,
  onSaved,
  onClose,
}: Pick<ContactFormProps, 'onSaved' | 'onClose'> & { contact: ContactView }) {
  const detail = useContactDetail(contact.id);
  if (!detail.data) {
    return (
      <Box sx={{ p: 4, display: 'flex', justifyContent: 'center' }}>
        {detail.isError ? null : <CircularProgress size={28} />}
      </Box>
    );
  }
  return <ContactForm contact={detail.data} onSaved={onSaved} onClose={onClose} />;
}

interface ContactDialogProps {
  open: boolean;
  contact: ContactView | undefined;
  /** Name a new contact starts with. */
  initialName?: string;
  /** Called with the saved contact before the dialog closes. */
  onSaved?: (contact: ContactDetailView) => void;
  onClose: () => void;
}

/** Add (no contact) or edit a contact; closing unmounts the form, which resets it. */
export function ContactDialog({ open, contact, initialName, onSaved, onClose }: ContactDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="contact-dialog">
      {open &&
        (contact ? (
          <EditContactForm contact={contact} onSaved={onSaved} onClose={onClose} />
        ) : (
          <ContactForm contact={undefined} initialName={initialName} onSaved={onSaved} onClose={onClose} />
        ))}
    </Dialog>
  );
}
