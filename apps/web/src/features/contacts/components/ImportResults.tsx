import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ContactUploadAnswer } from '@zapdesk/contracts';
import { errorText } from '../../../lib/toast';

/** Rows without a number have no code in the shared catalogue: the contacts namespace names them. */
const WITHOUT_NUMBER = 'ERR_CONTACT_WITHOUT_NUMBER';

/** A scrolled table of two columns under a heading; `testId` marks the table's body rows. */
function ResultTable(props: {
  heading: string;
  columns: [string, string];
  rows: Array<[string | number, string]>;
  testId: string;
}) {
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2">{props.heading}</Typography>
      <Box sx={{ maxHeight: 240, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" stickyHeader data-testid={props.testId}>
          <TableHead>
            <TableRow>
              <TableCell>{props.columns[0]}</TableCell>
              <TableCell>{props.columns[1]}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {props.rows.map(([first, second], index) => (
              <TableRow key={index}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{first}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{second}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}

/** What an import did (spec 2 section 2): the contacts added (id and name) and the errors (name and message). */
export function ImportResults({ answer }: { answer: ContactUploadAnswer }) {
  const { t } = useTranslation('contacts');
  const message = (code: string) => (code === WITHOUT_NUMBER ? t('import.withoutNumber') : errorText(code));
  return (
    <Box data-testid="contact-import-results">
      <Typography
        data-testid="contact-import-summary"
        data-added={answer.newContacts.length}
        data-errors={answer.errorBag.length}
      >
        {t('import.summary', { added: answer.newContacts.length, errors: answer.errorBag.length })}
      </Typography>
      {answer.newContacts.length > 0 && (
        <ResultTable
          heading={t('import.added')}
          columns={[t('import.id'), t('table.name')]}
          rows={answer.newContacts.map((c) => [c.contactId, c.contactName])}
          testId="contact-import-added"
        />
      )}
      {answer.errorBag.length > 0 && (
        <ResultTable
          heading={t('import.errors')}
          columns={[t('table.name'), t('import.message')]}
          rows={answer.errorBag.map((e) => [e.contactName, message(e.error.message)])}
          testId="contact-import-errors"
        />
      )}
    </Box>
  );
}
