import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import type { TagView } from '@zapdesk/contracts';
import { TagChip } from './TagChip';

/** Tags with their ticket counts; edit and delete where the user may change the tag. */
export function TagsTable({
  tags,
  canChange,
  onEdit,
  onDelete,
}: {
  tags: readonly TagView[];
  canChange: (tag: TagView) => boolean;
  onEdit: (tag: TagView) => void;
  onDelete: (tag: TagView) => void;
}) {
  const { t } = useTranslation('tags');
  return (
    <Table size="small" stickyHeader sx={{ tableLayout: 'fixed' }}>
      <TableHead>
        <TableRow>
          <TableCell>{t('table.name')}</TableCell>
          <TableCell align="center" sx={{ width: { xs: 80, sm: 140 } }}>
            {t('table.tickets')}
          </TableCell>
          <TableCell align="right" sx={{ width: 96 }}>
            {t('table.actions')}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {tags.map((tag) => (
          <TableRow key={tag.id} hover data-testid="tag-row" data-tag-id={tag.id}>
            <TableCell sx={{ minWidth: 0 }}>
              <TagChip name={tag.name} color={tag.color} />
            </TableCell>
            <TableCell align="center" data-testid="tag-tickets">
              {tag.ticketsCount}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap', px: 0.5 }}>
              {canChange(tag) && (
                <>
                  <IconButton
                    size="small"
                    aria-label={t('table.edit')}
                    onClick={() => onEdit(tag)}
                    data-testid="tag-edit"
                  >
                    <EditOutlinedIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={t('table.delete')}
                    onClick={() => onDelete(tag)}
                    data-testid="tag-delete"
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
