import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { QueueIntegrationView } from '@zapdesk/contracts';
import { IntegrationLogo } from './IntegrationLogo';
import { RowActions } from '../../../components/list/RowActions';

/** Integrations with their type logo; edit and delete for admins. */
export function IntegrationsTable({
  integrations,
  canChange,
  onEdit,
  onDelete,
}: {
  integrations: readonly QueueIntegrationView[];
  canChange: boolean;
  onEdit: (integration: QueueIntegrationView) => void;
  onDelete: (integration: QueueIntegrationView) => void;
}) {
  const { t } = useTranslation('queueIntegrations');
  return (
    <Table size="small" stickyHeader sx={{ tableLayout: 'fixed' }}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: 64 }}>{t('table.type')}</TableCell>
          <TableCell sx={{ width: 64, display: { xs: 'none', sm: 'table-cell' } }}>{t('table.id')}</TableCell>
          <TableCell>{t('table.name')}</TableCell>
          <TableCell align="right" sx={{ width: 96 }}>
            {t('table.actions')}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {integrations.map((integration) => (
          <TableRow
            key={integration.id}
            hover
            data-testid="integration-row"
            data-integration-id={integration.id}
          >
            <TableCell>
              <IntegrationLogo type={integration.type} />
            </TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{integration.id}</TableCell>
            <TableCell sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{integration.name}</TableCell>
            <RowActions
              hidden={!canChange}
              sx={{ px: 0.5 }}
              edit={{
                label: t('table.edit'),
                onClick: () => onEdit(integration),
                testId: 'integration-edit',
              }}
              remove={{
                label: t('table.delete'),
                onClick: () => onDelete(integration),
                testId: 'integration-delete',
              }}
            />
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
