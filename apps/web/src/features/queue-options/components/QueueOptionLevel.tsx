import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { useTranslation } from 'react-i18next';
import type { QueueOptionWithChildren } from '@zapdesk/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import {
  useCreateQueueOption,
  useDeleteQueueOption,
  useQueueOptionLevel,
  useUpdateQueueOption,
} from '../api';
import { nextOrdinal } from '../ordinals';
import { QueueOptionEditor } from './QueueOptionEditor';

interface LevelProps {
  queueId: number;
  parentId: number;
  depth: number;
}

interface DraftState {
  drafting: boolean;
  setDrafting: (drafting: boolean) => void;
}

/** One stored option: its fields, a delete button, and its own level of child options below. */
function QueueOptionItem({
  option,
  queueId,
  parentId,
  depth,
  onDelete,
}: LevelProps & { option: QueueOptionWithChildren; onDelete: () => void }) {
  const { t } = useTranslation('queues');
  const update = useUpdateQueueOption(queueId, parentId);
  const [addingChild, setAddingChild] = useState(false);
  return (
    <Box data-testid="queue-option" data-depth={depth} data-option={option.option} sx={{ minWidth: 0 }}>
      <QueueOptionEditor
        key={option.updatedAt}
        ordinal={option.option}
        initial={{ title: option.title, message: option.message }}
        isNew={false}
        saving={update.isPending}
        onSave={(text) => update.mutate({ id: option.id, body: text })}
        actions={
          <>
            <Button
              size="small"
              startIcon={<AddIcon />}
              onClick={() => setAddingChild(true)}
              disabled={addingChild}
              data-testid="option-add"
              data-depth={depth + 1}
            >
              {t('options.addChild')}
            </Button>
            <Button
              size="small"
              color="error"
              startIcon={<DeleteOutlineIcon />}
              onClick={onDelete}
              data-testid="option-delete"
            >
              {t('options.delete')}
            </Button>
          </>
        }
      />
      <QueueOptionLevel
        queueId={queueId}
        parentId={option.id}
        depth={depth + 1}
        drafting={addingChild}
        setDrafting={setAddingChild}
      />
    </Box>
  );
}

/**
 * The options under one parent (or at the root) and a draft for a new one. The root level has its own add
 * button; a child level is opened by its parent's "add sub-option" and takes no room while empty.
 */
export function QueueOptionLevel({
  queueId,
  parentId,
  depth,
  drafting: parentDrafting,
  setDrafting: setParentDrafting,
}: LevelProps & Partial<DraftState>) {
  const { t } = useTranslation('queues');
  const level = useQueueOptionLevel(queueId, parentId);
  const create = useCreateQueueOption(queueId, parentId);
  const remove = useDeleteQueueOption(queueId, parentId);
  const [ownDrafting, setOwnDrafting] = useState(false);
  const drafting = parentDrafting ?? ownDrafting;
  const setDrafting = setParentDrafting ?? setOwnDrafting;
  const [deleting, setDeleting] = useState<QueueOptionWithChildren | null>(null);
  const options = level.data ?? [];

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate({ id: deleting.id, siblings: options }, { onSettled: () => setDeleting(null) });
  };

  if (depth > 0 && options.length === 0 && !drafting) return null;

  return (
    <Box
      data-testid="option-level"
      data-depth={depth}
      sx={
        depth > 0
          ? {
              ml: { xs: 1.5, sm: 3 },
              pl: { xs: 1, sm: 2 },
              borderLeft: 2,
              borderColor: 'divider',
              minWidth: 0,
            }
          : { minWidth: 0 }
      }
    >
      {level.isPending && depth === 0 && <CircularProgress size={20} sx={{ m: 1 }} />}
      {options.map((option) => (
        <QueueOptionItem
          key={option.id}
          option={option}
          queueId={queueId}
          parentId={parentId}
          depth={depth}
          onDelete={() => setDeleting(option)}
        />
      ))}
      {drafting && (
        <Box data-testid="queue-option-draft" data-depth={depth}>
          <QueueOptionEditor
            ordinal={nextOrdinal(options)}
            initial={{ title: '', message: '' }}
            isNew
            saving={create.isPending}
            onSave={(text) =>
              create.mutate(
                { ...text, option: nextOrdinal(options) },
                { onSuccess: () => setDrafting(false) },
              )
            }
            actions={
              <Button size="small" onClick={() => setDrafting(false)}>
                {t('options.cancel')}
              </Button>
            }
          />
        </Box>
      )}
      {depth === 0 && !drafting && !level.isPending && (
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={() => setDrafting(true)}
          data-testid="option-add"
          data-depth={depth}
          sx={{ my: 0.5 }}
        >
          {t('options.add')}
        </Button>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('options.deleteTitle', { title: deleting?.title ?? '' })}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        {t('options.deleteText')}
      </ConfirmDialog>
    </Box>
  );
}
