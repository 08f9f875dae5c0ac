import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { UpdateContactListItemInput, type ContactListItemView } from '@zapdesk/contracts';
import { FormDialog } from '../../../components/FormDialog';
import { FormTextField } from '../../../components/form/FormTextField';
import { toast } from '../../../lib/toast';
import { contractResolver } from '../../queues/formResolver';
import { useSaveItem } from '../contactListsApi';

interface Values {
  name: string;
  number: string;
  email: string;
}
const resolver = contractResolver<Values, typeof UpdateContactListItemInput>(UpdateContactListItemInput);

function ItemForm({
  listId,
  item,
  onClose,
}: {
  listId: number;
  item?: ContactListItemView;
  onClose: () => void;
}) {
  const { t } = useTranslation('campaigns');
  const { t: tc } = useTranslation();
  const save = useSaveItem(listId);
  const form = useForm<Values, unknown, UpdateContactListItemInput>({
    resolver,
    defaultValues: { name: item?.name ?? '', number: item?.number ?? '', email: item?.email ?? '' },
  });
  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: item?.id, body: { ...values, contactListId: listId } },
      {
        onSuccess: () => {
          toast.success(t('items.saved'));
          onClose();
        },
      },
    ),
  );
  return (
    <FormDialog
      open
      title={item ? t('items.editTitle') : t('items.addTitle')}
      cancelLabel={tc('actions.cancel')}
      submitLabel={t('items.save')}
      saving={save.isPending}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
      testId="contact-list-item-dialog"
    >
      <FormTextField control={form.control} name="name" label={t('items.name')} required autoFocus />
      <FormTextField control={form.control} name="number" label={t('items.number')} required />
      <FormTextField control={form.control} name="email" label={t('items.email')} />
    </FormDialog>
  );
}

export function ItemDialog(props: {
  open: boolean;
  listId: number;
  item?: ContactListItemView;
  onClose: () => void;
}) {
  return props.open ? <ItemForm listId={props.listId} item={props.item} onClose={props.onClose} /> : null;
}
