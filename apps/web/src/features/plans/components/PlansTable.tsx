import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { planFlags, type PlanView } from '@zapdesk/contracts';
import { RowActions } from '../../../components/list/RowActions';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const mediumUp = { display: { xs: 'none', md: 'table-cell' } } as const;
const wideOnly = { display: { xs: 'none', lg: 'table-cell' } } as const;

interface PlansTableProps {
  plans: readonly PlanView[];
  loading: boolean;
  onEdit: (plan: PlanView) => void;
  onDelete: (plan: PlanView) => void;
}

/** Plans with their limits (0 = unlimited), value and enabled features. */
export function PlansTable({ plans, loading, onEdit, onDelete }: PlansTableProps) {
  const { t } = useTranslation('plans');
  const limit = (value: number) => (value === 0 ? t('unlimited') : String(value));
  return (
    <Table stickyHeader size="small">
      <TableHead>
        <TableRow>
          <TableCell>{t('columns.name')}</TableCell>
          <TableCell sx={mediumUp}>{t('columns.users')}</TableCell>
          <TableCell sx={mediumUp}>{t('columns.connections')}</TableCell>
          <TableCell sx={mediumUp}>{t('columns.queues')}</TableCell>
          <TableCell>{t('columns.value')}</TableCell>
          <TableCell sx={wideOnly}>{t('columns.features')}</TableCell>
          <TableCell align="right">{t('columns.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {plans.map((plan) => (
          <TableRow key={plan.id} hover data-testid="plan-row">
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{plan.name}</TableCell>
            <TableCell sx={mediumUp}>{limit(plan.users)}</TableCell>
            <TableCell sx={mediumUp}>{limit(plan.connections)}</TableCell>
            <TableCell sx={mediumUp}>{limit(plan.queues)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{brl.format(plan.value)}</TableCell>
            <TableCell sx={wideOnly}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                {planFlags
                  .filter((flag) => plan[flag])
                  .map((flag) => (
                    <Chip key={flag} size="small" variant="outlined" label={t(`flags.${flag}`)} />
                  ))}
              </Box>
            </TableCell>
            <RowActions
              edit={{ label: t('actions.edit'), onClick: () => onEdit(plan) }}
              remove={{ label: t('actions.delete'), onClick: () => onDelete(plan) }}
            />
          </TableRow>
        ))}
        {!loading && plans.length === 0 && (
          <TableRow>
            <TableCell colSpan={7}>
              <Typography color="text.secondary">{t('empty')}</Typography>
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
