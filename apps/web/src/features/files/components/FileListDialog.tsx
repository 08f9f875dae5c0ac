import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { useTranslation } from 'react-i18next';
import { FileListInput, type FileListView } from '@zapdesk/contracts';
import { FormDialog } from '../../../components/FormDialog';
import { toast } from '../../../lib/toast';
import { useSaveFileList, type OptionDraft } from '../api';

function FileListForm({ file, onClose }: { file?: FileListView; onClose: () => void }) {
  const { t } = useTranslation('files');
  const { t: tc } = useTranslation();
  const save = useSaveFileList();
  const [name, setName] = useState(file?.name ?? '');
  const [message, setMessage] = useState(file?.message ?? '');
  const [options, setOptions] = useState<OptionDraft[]>(
    file?.options.map((o) => ({ id: o.id, name: o.name, path: o.path })) ?? [],
  );
  const [touched, setTouched] = useState(false);
  const nameCheck = FileListInput.shape.name.safeParse(name);
  const messageCheck = FileListInput.shape.message.safeParse(message);
  const change = (i: number, patch: Partial<OptionDraft>) =>
    setOptions((os) => os.map((o, j) => (j === i ? { ...o, ...patch } : o)));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!nameCheck.success || !messageCheck.success) return;
    save.mutate(
      { id: file?.id, name, message, options },
      {
        onSuccess: () => {
          toast.success(t('saved'));
          onClose();
        },
      },
    );
  };
  return (
    <FormDialog
      open
      title={file ? t('dialog.editTitle') : t('dialog.addTitle')}
      cancelLabel={tc('actions.cancel')}
      submitLabel={t('dialog.save')}
      saving={save.isPending}
      onSubmit={submit}
      onClose={onClose}
      testId="file-list-dialog"
    >
      <TextField
        fullWidth
        margin="normal"
        required
        label={t('dialog.name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={touched && !nameCheck.success}
        helperText={touched && !nameCheck.success ? nameCheck.error.issues[0]?.message : undefined}
        slotProps={{ htmlInput: { 'data-testid': 'file-list-name' } }}
      />
      <TextField
        fullWidth
        margin="normal"
        required
        multiline
        rows={5}
        label={t('dialog.message')}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        error={touched && !messageCheck.success}
        helperText={touched && !messageCheck.success ? messageCheck.error.issues[0]?.message : undefined}
      />
      {options.map((option, i) => (
        <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
          <TextField
            size="small"
            label={t('dialog.optionName')}
            value={option.name}
            onChange={(e) => change(i, { name: e.target.value })}
          />
          <Button component="label" size="small" variant="outlined">
            {t('dialog.chooseFile')}
            <input hidden type="file" onChange={(e) => change(i, { file: e.target.files?.[0] })} />
          </Button>
          <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
            {option.file?.name ?? (option.path || t('dialog.noFile'))}
          </Typography>
          <IconButton
            size="small"
            aria-label={t('dialog.removeOption')}
            onClick={() => setOptions((os) => os.filter((_o, j) => j !== i))}
          >
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Box>
      ))}
      <Button sx={{ mt: 1 }} onClick={() => setOptions((os) => [...os, { name: '', path: '' }])}>
        {t('dialog.addOption')}
      </Button>
    </FormDialog>
  );
}

export function FileListDialog(props: { open: boolean; file?: FileListView; onClose: () => void }) {
  return props.open ? <FileListForm file={props.file} onClose={props.onClose} /> : null;
}
