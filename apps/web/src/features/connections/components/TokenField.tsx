import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Refresh from '@mui/icons-material/Refresh';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { newConnectionToken, type ConnectionFormControl } from '../schemas';

/** The connection's API token: read-only, copied in one click, replaced by a new one on save. */
export function TokenField({ control }: { control: ConnectionFormControl }) {
  const { t } = useTranslation('connections');
  const { field } = useController({ control, name: 'token' });

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(field.value);
      toast.success(t('form.tokenCopied'));
    } catch {
      toast.error(t('form.tokenCopyFailed'));
    }
  };

  return (
    <TextField
      fullWidth
      margin="normal"
      label={t('form.token')}
      value={field.value}
      helperText={t('form.tokenHelp')}
      slotProps={{
        htmlInput: { name: 'token', readOnly: true },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={t('form.tokenCopy')}>
                <IconButton
                  aria-label={t('form.tokenCopy')}
                  onClick={() => void copy()}
                  disabled={!field.value}
                >
                  <ContentCopy fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('form.tokenRegenerate')}>
                <IconButton
                  aria-label={t('form.tokenRegenerate')}
                  data-testid="token-regenerate"
                  onClick={() => field.onChange(newConnectionToken())}
                  edge="end"
                >
                  <Refresh fontSize="small" />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
