import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { useTranslation } from 'react-i18next';
import type { ContactView } from '@zapdesk/contracts';
import { RowActions } from '../../../components/list/RowActions';

/** Up to two initials of a name. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

/** The stored picture unless it is the "no picture" placeholder. */
const pictureOf = (contact: ContactView): string | undefined =>
  contact.profilePicUrl && !contact.profilePicUrl.endsWith('nopicture.png')
    ? contact.profilePicUrl
    : undefined;

/** Contacts with avatar, name, WhatsApp number, e-mail and the row actions. */
export function ContactsTable({
  contacts,
  canDelete,
  onStartTicket,
  onEdit,
  onDelete,
}: {
  contacts: readonly ContactView[];
  canDelete: boolean;
  onStartTicket: (contact: ContactView) => void;
  onEdit: (contact: ContactView) => void;
  onDelete: (contact: ContactView) => void;
}) {
  const { t } = useTranslation('contacts');
  return (
    <Table size="small" stickyHeader sx={{ tableLayout: 'fixed' }}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: 56, px: 1 }} />
          <TableCell>{t('table.name')}</TableCell>
          <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('table.number')}</TableCell>
          <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('table.email')}</TableCell>
          <TableCell align="right" sx={{ width: canDelete ? 120 : 88 }}>
            {t('table.actions')}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {contacts.map((contact) => (
          <TableRow key={contact.id} hover data-testid="contact-row" data-contact-id={contact.id}>
            <TableCell sx={{ px: 1 }}>
              <Avatar
                src={pictureOf(contact)}
                alt={contact.name}
                // The default grey under white initials is 1.8:1; this one is over 6:1 in both themes.
                sx={{ width: 36, height: 36, fontSize: 14, bgcolor: 'grey.700', color: 'common.white' }}
              >
                {initials(contact.name)}
              </Avatar>
            </TableCell>
            <TableCell sx={{ minWidth: 0 }}>
              <Box
                sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                data-testid="contact-name"
              >
                {contact.name}
              </Box>
              {/* Narrow screens show the number under the name. */}
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ display: { xs: 'block', sm: 'none' }, overflow: 'hidden', textOverflow: 'ellipsis' }}
              >
                {contact.number}
              </Typography>
            </TableCell>
            <TableCell
              sx={{ display: { xs: 'none', sm: 'table-cell' }, overflowWrap: 'anywhere' }}
              data-testid="contact-number"
            >
              {contact.number}
            </TableCell>
            <TableCell
              sx={{ display: { xs: 'none', md: 'table-cell' }, overflowWrap: 'anywhere' }}
              data-testid="contact-email"
            >
              {contact.email}
            </TableCell>
            <RowActions
              sx={{ px: 0.5 }}
              leading={[
                {
                  label: t('table.startTicket'),
                  icon: <WhatsAppIcon fontSize="small" />,
                  onClick: () => onStartTicket(contact),
                  testId: 'contact-start-ticket',
                },
              ]}
              edit={{ label: t('table.edit'), onClick: () => onEdit(contact), testId: 'contact-edit' }}
              remove={
                canDelete
                  ? { label: t('table.delete'), onClick: () => onDelete(contact), testId: 'contact-delete' }
                  : undefined
              }
            />
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
