import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme, type Theme } from '@mui/material/styles';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import { format, isValid, parseISO } from 'date-fns';
import { useTranslation } from 'react-i18next';
import type { CompanyView } from '@zapdesk/contracts';
import { dueColour, type DueColour } from '../dueDate';
import { formatPhone } from '../phoneMask';
import { campaignsEnabledOf, isRecurrence } from '../schemas';
import { RowActions } from '../../../components/list/RowActions';

const wideOnly = { display: { xs: 'none', lg: 'table-cell' } } as const;
const mediumUp = { display: { xs: 'none', md: 'table-cell' } } as const;
const smallUp = { display: { xs: 'none', sm: 'table-cell' } } as const;

const rowColours: Record<DueColour, { light: string; dark: string }> = {
  yellow: { light: '#fffead', dark: 'rgba(255, 254, 173, 0.18)' },
  orange: { light: '#f7cc8f', dark: 'rgba(247, 204, 143, 0.22)' },
  red: { light: '#fa8c8c', dark: 'rgba(250, 140, 140, 0.25)' },
};

const rowBackground = (colour: DueColour | null, theme: Theme) =>
  colour ? rowColours[colour][theme.palette.mode] : undefined;

/** dd/MM/yy HH:mm, the company list's date format (spec 1 section 9). */
export function formatListDate(value: string | null): string {
  if (!value) return '';
  const date = parseISO(value);
  return isValid(date) ? format(date, 'dd/MM/yy HH:mm') : '';
}

interface CompaniesTableProps {
  companies: readonly CompanyView[];
  loading: boolean;
  onEdit: (company: CompanyView) => void;
  onExpire: (company: CompanyView) => void;
  onDelete: (company: CompanyView) => void;
}

/** The companies, each row coloured by the days left to its due date. */
export function CompaniesTable({ companies, loading, onEdit, onExpire, onDelete }: CompaniesTableProps) {
  const { t } = useTranslation('companies');
  const theme = useTheme();
  return (
    <Table stickyHeader size="small">
      <TableHead>
        <TableRow>
          <TableCell>{t('columns.name')}</TableCell>
          <TableCell sx={mediumUp}>{t('columns.email')}</TableCell>
          <TableCell sx={wideOnly}>{t('columns.phone')}</TableCell>
          <TableCell sx={mediumUp}>{t('columns.plan')}</TableCell>
          <TableCell sx={wideOnly}>{t('columns.campaigns')}</TableCell>
          <TableCell sx={wideOnly}>{t('columns.status')}</TableCell>
          <TableCell sx={wideOnly}>{t('columns.createdAt')}</TableCell>
          <TableCell sx={smallUp}>{t('columns.dueDate')}</TableCell>
          <TableCell sx={mediumUp}>{t('columns.recurrence')}</TableCell>
          <TableCell align="right">{t('columns.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {companies.map((company) => {
          const colour = dueColour(company.dueDate);
          return (
            <TableRow
              key={company.id}
              data-testid="company-row"
              data-due-colour={colour ?? 'none'}
              sx={{ bgcolor: rowBackground(colour, theme) }}
            >
              <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 140 }}>
                {company.name}
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ display: { md: 'none' }, overflowWrap: 'anywhere' }}
                >
                  {company.email}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ display: { sm: 'none' } }}>
                  {t('columns.dueDate')}: {formatListDate(company.dueDate)}
                </Typography>
              </TableCell>
              <TableCell sx={{ ...mediumUp, overflowWrap: 'anywhere' }}>{company.email}</TableCell>
              <TableCell sx={{ ...wideOnly, whiteSpace: 'nowrap' }}>{formatPhone(company.phone)}</TableCell>
              <TableCell sx={mediumUp}>{company.plan?.name ?? ''}</TableCell>
              <TableCell sx={wideOnly}>
                {campaignsEnabledOf(company) ? t('campaigns.true') : t('campaigns.false')}
              </TableCell>
              <TableCell sx={wideOnly}>{company.status ? t('status.true') : t('status.false')}</TableCell>
              <TableCell sx={{ ...wideOnly, whiteSpace: 'nowrap' }}>
                {formatListDate(company.createdAt)}
              </TableCell>
              <TableCell sx={{ ...smallUp, whiteSpace: 'nowrap' }} data-testid="company-due-date">
                {formatListDate(company.dueDate)}
              </TableCell>
              <TableCell sx={mediumUp}>
                {isRecurrence(company.recurrence)
                  ? t(`recurrences.${company.recurrence}`)
                  : company.recurrence}
              </TableCell>
              <RowActions
                edit={{ label: t('actions.edit'), onClick: () => onEdit(company) }}
                extra={[
                  {
                    label: t('actions.expire'),
                    icon: <EventRepeatIcon fontSize="small" />,
                    tooltip: true,
                    disabled: !company.dueDate,
                    onClick: () => onExpire(company),
                    testId: 'company-expire-button',
                  },
                ]}
                remove={{ label: t('actions.delete'), onClick: () => onDelete(company) }}
              />
            </TableRow>
          );
        })}
        {!loading && companies.length === 0 && (
          <TableRow>
            <TableCell colSpan={10}>
              <Typography color="text.secondary">{t('empty')}</Typography>
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
