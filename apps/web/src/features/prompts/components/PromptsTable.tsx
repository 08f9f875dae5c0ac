import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { PromptView } from '@zapdesk/contracts';
import { RowActions } from '../../../components/list/RowActions';

/** Prompts with their transfer queue and max tokens; edit and delete for admins. */
export function PromptsTable({
  prompts,
  canChange,
  onEdit,
  onDelete,
}: {
  prompts: readonly PromptView[];
  canChange: boolean;
  onEdit: (prompt: PromptView) => void;
  onDelete: (prompt: PromptView) => void;
}) {
  const { t } = useTranslation('prompts');
  return (
    <Table size="small" stickyHeader sx={{ tableLayout: 'fixed' }}>
      <TableHead>
        <TableRow>
          <TableCell>{t('table.name')}</TableCell>
          <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('table.queue')}</TableCell>
          <TableCell align="center" sx={{ width: { xs: 72, sm: 120 } }}>
            {t('table.maxTokens')}
          </TableCell>
          <TableCell align="right" sx={{ width: 96 }}>
            {t('table.actions')}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {prompts.map((prompt) => (
          <TableRow key={prompt.id} hover data-testid="prompt-row" data-prompt-id={prompt.id}>
            <TableCell sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{prompt.name}</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
              {prompt.queue?.name ?? '—'}
            </TableCell>
            <TableCell align="center">{prompt.maxTokens}</TableCell>
            <RowActions
              hidden={!canChange}
              sx={{ px: 0.5 }}
              edit={{ label: t('table.edit'), onClick: () => onEdit(prompt), testId: 'prompt-edit' }}
              remove={{ label: t('table.delete'), onClick: () => onDelete(prompt), testId: 'prompt-delete' }}
            />
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
