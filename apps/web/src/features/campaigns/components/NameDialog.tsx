import { useTranslation } from 'react-i18next';
import { ContactListInput } from '@zapdesk/contracts';
import { FormDialog } from '../../../components/FormDialog';
import { FormTextField } from '../../../components/form/FormTextField';
import { useEntityDialog } from '../../../components/form/useEntityDialog';
import { contractResolver } from '../../queues/formResolver';
import { useSaveContactList } from '../contactListsApi';

interface Values {
  name: string;
}
const resolver = contractResolver<Values, typeof ContactListInput>(ContactListInput);

function ContactListForm({ list, onClose }: { list?: { id: number; name: string }; onClose: () => void }) {
  const { t } = useTranslation('campaigns');
  const save = useSaveContactList();
  const { form, dialog } = useEntityDialog({
    resolver,
    values: { name: list?.name ?? '' },
    save: (body) => save.mutateAsync({ id: list?.id, body }),
    savedMessage: t('lists.saved'),
    onClose,
  });
  return (
    <FormDialog
      open
      title={list ? t('lists.editTitle') : t('lists.addTitle')}
      submitLabel={t('lists.save')}
      {...dialog}
      testId="contact-list-dialog"
    >
      <FormTextField control={form.control} name="name" label={t('lists.name')} required autoFocus />
    </FormDialog>
  );
}

/** Add (no list) or rename a contact list; closing unmounts the form, which resets it. */
export function ContactListDialog(props: {
  open: boolean;
  list?: { id: number; name: string };
  onClose: () => void;
}) {
  return props.open ? <ContactListForm list={props.list} onClose={props.onClose} /> : null;
}
