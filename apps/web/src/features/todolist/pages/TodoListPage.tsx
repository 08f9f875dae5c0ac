import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { useTasks } from '../useTasks';

/** /todolist: a local task list (add, edit, delete), kept in this browser. */
export function TodoListPage() {
  const { t } = useTranslation('todolist');
  const { tasks, add, edit, remove } = useTasks();
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<number | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (editing === null) add(text);
    else edit(editing, text);
    setText('');
    setEditing(null);
  };

  const startEdit = (index: number) => {
    setEditing(index);
    setText(tasks[index]?.text ?? '');
  };

  const cancelEdit = () => {
    setEditing(null);
    setText('');
  };

  const onRemove = (index: number) => {
    remove(index);
    if (editing === index) cancelEdit();
    else if (editing !== null && index < editing) setEditing(editing - 1);
  };

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 900, mx: 'auto' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('title')}
      </Typography>
      <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <TextField
          label={t('input')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          sx={{ flex: '1 1 220px', minWidth: 0 }}
          slotProps={{ htmlInput: { 'data-testid': 'todo-input', name: 'text' } }}
        />
        <Button type="submit" variant="contained">
          {editing === null ? t('add') : t('save')}
        </Button>
        {editing !== null && <Button onClick={cancelEdit}>{t('cancel')}</Button>}
      </Box>
      <Paper variant="outlined">
        {tasks.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {t('empty')}
          </Typography>
        ) : (
          <List disablePadding>
            {tasks.map((task, index) => (
              <ListItem
                key={`${task.createdAt}-${index}`}
                data-testid="todo-item"
                divider={index < tasks.length - 1}
                secondaryAction={
                  <>
                    <IconButton aria-label={t('edit')} onClick={() => startEdit(index)}>
                      <EditOutlinedIcon />
                    </IconButton>
                    <IconButton aria-label={t('delete')} edge="end" onClick={() => onRemove(index)}>
                      <DeleteOutlineIcon />
                    </IconButton>
                  </>
                }
                sx={{ pr: 12, bgcolor: editing === index ? 'action.selected' : undefined }}
              >
                <ListItemText
                  primary={task.text}
                  secondary={t('updatedAt', { date: formatDateTime(task.updatedAt) })}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
    </Box>
  );
}
