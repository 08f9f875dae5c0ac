import { useTranslation } from 'react-i18next';
import { UpdateContactListItemInput, type ContactListItemView } from '@zapdesk/contracts';
import { FormDialog } from '../../../components/FormDialog';
import { FormTextField } from '../../../components/form/FormTextField';
import { useEntityDialog } from '../../../components/form/useEntityDialog';
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
  const save = useSaveItem(listId);
  const { form, dialog } = useEntityDialog({
    resolver,
    values: { name: item?.name ?? '', number: item?.number ?? '', email: item?.email ?? '' },
    save: (values) => save.mutateAsync({ id: item?.id, body: { ...values, contactListId: listId } }),
    savedMessage: t('items.saved'),
    onClose,
  });
  return (
    <FormDialog
      open
      title={item ? t('items.editTitle') : t('items.addTitle')}
      submitLabel={t('items.save')}
      {...dialog}
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
