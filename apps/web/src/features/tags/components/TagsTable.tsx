import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { TagView } from '@zapdesk/contracts';
import { TagChip } from './TagChip';
import { RowActions } from '../../../components/list/RowActions';

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
            <RowActions
              hidden={!canChange(tag)}
              sx={{ px: 0.5 }}
              edit={{ label: t('table.edit'), onClick: () => onEdit(tag), testId: 'tag-edit' }}
              remove={{ label: t('table.delete'), onClick: () => onDelete(tag), testId: 'tag-delete' }}
            />
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
