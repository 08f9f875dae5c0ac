import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import type { QueueIntegrationView } from '@zapdesk/contracts';
import { IntegrationLogo } from './IntegrationLogo';

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
            <TableCell align="right" sx={{ whiteSpace: 'nowrap', px: 0.5 }}>
              {canChange && (
                <>
                  <IconButton
                    size="small"
                    aria-label={t('table.edit')}
                    onClick={() => onEdit(integration)}
                    data-testid="integration-edit"
                  >
                    <EditOutlinedIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={t('table.delete')}
                    onClick={() => onDelete(integration)}
                    data-testid="integration-delete"
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
