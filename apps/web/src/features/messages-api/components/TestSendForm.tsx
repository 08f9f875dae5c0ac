import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { missingFields, sendTestMessage, type TestSendAnswer } from '../testSend';
import { CodeBlock } from './CodeBlock';

/** One of the page's two test forms: a text message, or a file (sent with its name as the body). */
export function TestSendForm({ kind }: { kind: 'text' | 'media' }) {
  const { t } = useTranslation('messagesApi');
  const { t: tv } = useTranslation('validation');
  const [token, setToken] = useState('');
  const [number, setNumber] = useState('');
  const [body, setBody] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState<string[]>([]);
  const [answer, setAnswer] = useState<TestSendAnswer | null>(null);
  const [sending, setSending] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const prefix = `api-${kind}`;
  const errorOf = (field: string) => (missing.includes(field) ? tv('required') : undefined);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const absent = missingFields(kind === 'text' ? { token, number, body } : { token, number, file });
    setMissing(absent);
    if (absent.length > 0) return;
    setSending(true);
    try {
      setAnswer(
        kind === 'text' || !file
          ? await sendTestMessage({ kind: 'text', token, number, body })
          : await sendTestMessage({ kind: 'media', token, number, file }),
      );
    } catch (error) {
      setAnswer({ status: 0, body: String(error) });
    } finally {
      setSending(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} data-testid={`${prefix}-form`}>
      <Typography variant="subtitle1">
        {kind === 'text' ? t('form.textTitle') : t('form.mediaTitle')}
      </Typography>
      <TextField
        fullWidth
        margin="dense"
        label={t('form.token')}
        value={token}
        onChange={(event) => setToken(event.target.value)}
        error={errorOf('token') !== undefined}
        helperText={errorOf('token')}
        slotProps={{ htmlInput: { 'data-testid': `${prefix}-token` } }}
      />
      <TextField
        fullWidth
        margin="dense"
        label={t('form.number')}
        placeholder="5511999999999"
        value={number}
        onChange={(event) => setNumber(event.target.value)}
        error={errorOf('number') !== undefined}
        helperText={errorOf('number') ?? t('form.numberHint')}
        slotProps={{ htmlInput: { 'data-testid': `${prefix}-number`, inputMode: 'numeric' } }}
      />
      {kind === 'text' ? (
        <TextField
          fullWidth
          margin="dense"
          multiline
          minRows={3}
          label={t('form.body')}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          error={errorOf('body') !== undefined}
          helperText={errorOf('body')}
          slotProps={{ htmlInput: { 'data-testid': `${prefix}-body` } }}
        />
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, my: 1, flexWrap: 'wrap' }}>
          <input
            ref={fileInput}
            type="file"
            hidden
            data-testid={`${prefix}-file`}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
          <Button variant="outlined" onClick={() => fileInput.current?.click()}>
            {t('form.chooseFile')}
          </Button>
          <Typography variant="body2" color={errorOf('file') ? 'error' : 'text.secondary'}>
            {file?.name ?? errorOf('file') ?? t('form.noFile')}
          </Typography>
        </Box>
      )}
      <Button
        type="submit"
        variant="contained"
        loading={sending}
        sx={{ mt: 1 }}
        data-testid={`${prefix}-send`}
      >
        {t('form.send')}
      </Button>
      {answer && (
        <>
          <Typography variant="subtitle2" sx={{ mt: 2 }}>
            {t('form.answer', { status: answer.status })}
          </Typography>
          <CodeBlock testId={`${prefix}-answer`}>{JSON.stringify(answer.body, null, 2)}</CodeBlock>
        </>
      )}
    </Box>
  );
}
