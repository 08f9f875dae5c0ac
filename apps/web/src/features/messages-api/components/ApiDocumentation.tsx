import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { routes } from '@zapdesk/contracts';
import { CodeBlock } from './CodeBlock';

const EXAMPLE_NUMBER = '5511999999999';
const errorCodes = [
  ['400', 'ERR_VALIDATION'],
  ['400', 'ERR_WAPP_INVALID_CONTACT'],
  ['400', 'ERR_WAPP_NOT_INITIALIZED'],
  ['403', 'ERR_INVALID_API_TOKEN'],
  ['403', 'ERR_PLAN_FEATURE_DISABLED'],
  ['403', 'ERR_SUBSCRIPTION_EXPIRED'],
  ['429', 'ERR_TOO_MANY_REQUESTS'],
] as const;

/** POST /api/messages/send explained with this server's own address (spec 2 section 2, server-behaviour 16). */
export function ApiDocumentation() {
  const { t } = useTranslation('messagesApi');
  const endpoint = `${window.location.origin}${routes.externalApi.send.path}`;
  const jsonBody = JSON.stringify({ number: EXAMPLE_NUMBER, body: t('docs.exampleText') }, null, 2);
  const curlText = [
    `curl -X POST '${endpoint}' \\`,
    `  -H 'Authorization: Bearer <TOKEN>' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '${JSON.stringify({ number: EXAMPLE_NUMBER, body: t('docs.exampleText') })}'`,
  ].join('\n');
  const curlMedia = [
    `curl -X POST '${endpoint}' \\`,
    `  -H 'Authorization: Bearer <TOKEN>' \\`,
    `  -F 'number=${EXAMPLE_NUMBER}' \\`,
    `  -F 'body=${t('docs.exampleCaption')}' \\`,
    `  -F 'medias=@/path/to/file.pdf'`,
  ].join('\n');

  return (
    <>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('docs.intro')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('docs.fullReference')}{' '}
        <Link href="/docs" target="_blank" rel="noopener" data-testid="api-docs-link">
          /docs
        </Link>
      </Typography>

      <Typography variant="subtitle2">{t('docs.endpoint')}</Typography>
      <CodeBlock testId="api-endpoint">{`POST ${endpoint}`}</CodeBlock>

      <Typography variant="subtitle2">{t('docs.headers')}</Typography>
      <CodeBlock>
        {'Authorization: Bearer <TOKEN>\nContent-Type: application/json | multipart/form-data'}
      </CodeBlock>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('docs.tokenHint')}
      </Typography>

      <Typography variant="subtitle2">{t('docs.textBody')}</Typography>
      <CodeBlock>{jsonBody}</CodeBlock>
      <Typography variant="body2" color="text.secondary">
        {t('docs.numberHint')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('docs.closeTicketHint')}
      </Typography>

      <Typography variant="subtitle2">{t('docs.mediaBody')}</Typography>
      <CodeBlock>{`number=${EXAMPLE_NUMBER}\nbody=${t('docs.exampleCaption')}\nmedias=<file>`}</CodeBlock>

      <Typography variant="subtitle2">{t('docs.answer')}</Typography>
      <CodeBlock>{'200 OK\n{\n  "mensagem": "Mensagem enviada"\n}'}</CodeBlock>

      <Typography variant="subtitle2">{t('docs.errors')}</Typography>
      <Table size="small" sx={{ mb: 2 }}>
        <TableBody>
          {errorCodes.map(([status, code]) => (
            <TableRow key={code}>
              <TableCell sx={{ width: 60 }}>{status}</TableCell>
              <TableCell
                sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
              >{`{"error": "${code}"}`}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {t(`docs.errorText.${code}`)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>

      <Typography variant="subtitle2">{t('docs.curlText')}</Typography>
      <CodeBlock testId="api-curl">{curlText}</CodeBlock>
      <Typography variant="subtitle2">{t('docs.curlMedia')}</Typography>
      <CodeBlock>{curlMedia}</CodeBlock>
    </>
  );
}
