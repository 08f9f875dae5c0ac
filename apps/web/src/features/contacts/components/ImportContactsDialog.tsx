import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { useTranslation } from 'react-i18next';
import type { ContactUploadAnswer } from '@zapdesk/contracts';
import { FormDialog } from '../../../components/FormDialog';
import { toastError } from '../../../lib/toast';
import { postContactRows } from '../api';
import { ContactSheetError, readContactSheet, type ContactSheetRow } from '../import/contactSheet';
import { downloadSampleSheet } from '../import/sampleSheet';
import { uploadContactRows } from '../import/uploadContactRows';
import { ImportResults } from './ImportResults';

type Step =
  | { kind: 'choose' }
  | { kind: 'reading' }
  | { kind: 'uploading'; sent: number; total: number }
  | { kind: 'done'; answer: ContactUploadAnswer };

/** Spec 2 section 5: the contact import takes .xlsx only. */
const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const isXlsx = (file: File) => file.name.toLowerCase().endsWith('.xlsx');

/**
 * The spreadsheet import (spec 2 section 2): an .xlsx file's first sheet is read in the browser and posted in
 * chunks behind a progress bar; then the contacts added and the errors are listed. Offers a sample sheet.
 */
export function ImportContactsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('contacts');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const busy = step.kind === 'reading' || step.kind === 'uploading';

  const close = () => {
    if (busy) return;
    setFile(null);
    setProblem('');
    setStep({ kind: 'choose' });
    onClose();
  };

  const choose = (chosen: File | undefined) => {
    setStep({ kind: 'choose' });
    setFile(chosen ?? null);
    setProblem(chosen && !isXlsx(chosen) ? t('import.onlyXlsx') : '');
  };

  const start = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!file || !isXlsx(file)) {
      setProblem(file ? t('import.onlyXlsx') : t('import.noFile'));
      return;
    }
    setProblem('');
    setStep({ kind: 'reading' });
    let rows: ContactSheetRow[];
    try {
      rows = await readContactSheet(file);
    } catch (error) {
      setStep({ kind: 'choose' });
      setProblem(error instanceof ContactSheetError ? t(`import.${error.reason}`) : t('import.unreadable'));
      return;
    }
    try {
      const answer = await uploadContactRows(rows, postContactRows, (sent, total) =>
        setStep({ kind: 'uploading', sent, total }),
      );
      setStep({ kind: 'done', answer });
    } catch (error) {
      // Chunks sent before the failure are stored; the live list shows them.
      setStep({ kind: 'choose' });
      toastError(error);
    }
  };

  return (
    <FormDialog
      open={open}
      title={t('import.title')}
      cancelLabel={t('import.close')}
      submitLabel={t('import.submit')}
      saving={busy}
      onSubmit={(event) => void start(event)}
      onClose={close}
      testId="contact-import-dialog"
      maxWidth="md"
    >
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('import.hint')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button component="label" variant="outlined" startIcon={<UploadFileOutlinedIcon />} disabled={busy}>
          {t('import.choose')}
          <input
            hidden
            type="file"
            name="file"
            accept={XLSX_ACCEPT}
            data-testid="contact-import-file"
            onChange={(event) => {
              choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </Button>
        <Button
          startIcon={<FileDownloadOutlinedIcon />}
          onClick={() => void downloadSampleSheet(t('import.sampleFile')).catch(toastError)}
          data-testid="contact-import-sample"
        >
          {t('import.sample')}
        </Button>
      </Box>
      {file && (
        <Typography
          variant="body2"
          sx={{ mt: 1, overflowWrap: 'anywhere' }}
          data-testid="contact-import-name"
        >
          {file.name}
        </Typography>
      )}
      {problem && (
        <Typography color="error" variant="body2" sx={{ mt: 1 }} role="alert">
          {problem}
        </Typography>
      )}
      {step.kind === 'reading' && <Progress label={t('import.reading')} />}
      {step.kind === 'uploading' && (
        <Progress
          label={t('import.progress', { sent: step.sent, total: step.total })}
          value={step.total === 0 ? 100 : (step.sent / step.total) * 100}
        />
      )}
      {step.kind === 'done' && (
        <Box sx={{ mt: 2 }}>
          <ImportResults answer={step.answer} />
        </Box>
      )}
    </FormDialog>
  );
}

/** The import's progress: indeterminate while the sheet is read, then the share of rows sent. */
function Progress({ label, value }: { label: string; value?: number }) {
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <LinearProgress
        data-testid="contact-import-progress"
        variant={value === undefined ? 'indeterminate' : 'determinate'}
        value={value}
      />
    </Box>
  );
}
