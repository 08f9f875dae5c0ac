import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { useTranslation } from 'react-i18next';
import type { DashboardAttendant } from '@zapdesk/contracts';
import { starsOf } from '../chartData';

function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation('dashboard');
  const filled = starsOf(rating);
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', color: 'warning.main' }}
      aria-label={t('attendants.stars', { value: filled })}
      data-stars={filled}
    >
      {[0, 1, 2].map((i) =>
        i < filled ? <StarIcon key={i} fontSize="small" /> : <StarBorderIcon key={i} fontSize="small" />,
      )}
    </Box>
  );
}

/** Attendants of the period: name, rating stars, average support time, online dot. */
export function AttendantsTable({ attendants }: { attendants: DashboardAttendant[] }) {
  const { t } = useTranslation('dashboard');
  return (
    // Fits its card at 360 px: narrower cells on phones, long names and headings wrap instead of scrolling.
    <Table
      size="small"
      stickyHeader
      data-testid="dashboard-attendants"
      sx={{ '& th, & td': { px: { xs: 1, sm: 2 }, overflowWrap: 'anywhere' } }}
    >
      <TableHead>
        <TableRow>
          <TableCell>{t('attendants.name')}</TableCell>
          <TableCell>{t('attendants.rating')}</TableCell>
          <TableCell>{t('attendants.avgSupportTime')}</TableCell>
          <TableCell align="center">{t('attendants.status')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {attendants.length === 0 && (
          <TableRow>
            <TableCell colSpan={4} align="center">
              {t('attendants.empty')}
            </TableCell>
          </TableRow>
        )}
        {attendants.map((row) => (
          <TableRow key={row.id} data-testid="attendant-row">
            <TableCell>{row.name}</TableCell>
            <TableCell>
              <Stars rating={row.rating} />
            </TableCell>
            <TableCell>{t('minutes', { value: row.avgSupportTime })}</TableCell>
            <TableCell align="center">
              <Box
                component="span"
                title={row.online ? t('attendants.online') : t('attendants.offline')}
                aria-label={row.online ? t('attendants.online') : t('attendants.offline')}
                data-online={row.online}
                sx={{
                  display: 'inline-block',
                  width: 12,
                  height: 12,
                  borderRadius: '50%',
                  bgcolor: row.online ? 'success.main' : 'grey.500',
                }}
              />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
