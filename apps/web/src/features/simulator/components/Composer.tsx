import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import AttachFile from '@mui/icons-material/AttachFile';
import ContactPhone from '@mui/icons-material/ContactPhone';
import MoreVert from '@mui/icons-material/MoreVert';
import Phone from '@mui/icons-material/Phone';
import Place from '@mui/icons-material/Place';
import Send from '@mui/icons-material/Send';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { buildVcard, mediaKindOf } from '../conversation';
import { MAX_MEDIA_BYTES, readFileAsBase64 } from '../media';
import type { OutgoingMessage } from '../useSimulatedChat';
import { LocationDialog } from './LocationDialog';
import { VcardDialog } from './VcardDialog';

/** The customer's keyboard: text, a file (with the text as its caption), a location, a contact, a call. */
export function Composer({
  disabled,
  onSend,
}: {
  disabled: boolean;
  onSend: (message: OutgoingMessage, label?: string | null) => void;
}) {
  const { t } = useTranslation('simulator');
  const [text, setText] = useState('');
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'location' | 'vcard' | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const sendText = (event?: FormEvent) => {
    event?.preventDefault();
    if (!text.trim()) return;
    onSend({ type: 'text', body: text });
    setText('');
  };

  const sendFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_MEDIA_BYTES) {
      toast.error(t('errors.fileTooLarge'));
      return;
    }
    try {
      const base64 = await readFileAsBase64(file);
      const mimetype = file.type || 'application/octet-stream';
      onSend(
        {
          type: mediaKindOf(mimetype),
          body: text.trim() ? text : undefined,
          media: { fileName: file.name, mimetype, base64 },
        },
        file.name,
      );
      setText('');
    } catch {
      toast.error(t('errors.readFailed'));
    }
  };

  const pick = (choice: 'location' | 'vcard' | 'call') => {
    setMenu(null);
    if (choice === 'call') onSend({ type: 'call' });
    else setDialog(choice);
  };

  return (
    <>
      <Box
        component="form"
        onSubmit={sendText}
        sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5, p: 1, borderTop: 1, borderColor: 'divider' }}
      >
        <input
          ref={fileInput}
          type="file"
          hidden
          data-testid="simulator-file"
          onChange={(event) => void sendFile(event)}
        />
        <Tooltip title={t('chat.attach')}>
          <span>
            <IconButton
              aria-label={t('chat.attach')}
              disabled={disabled}
              onClick={() => fileInput.current?.click()}
            >
              <AttachFile />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('chat.more')}>
          <span>
            <IconButton
              aria-label={t('chat.more')}
              disabled={disabled}
              onClick={(event) => setMenu(event.currentTarget)}
            >
              <MoreVert />
            </IconButton>
          </span>
        </Tooltip>
        <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
          <MenuItem onClick={() => pick('location')} data-testid="simulator-location">
            <ListItemIcon>
              <Place fontSize="small" />
            </ListItemIcon>
            {t('chat.location')}
          </MenuItem>
          <MenuItem onClick={() => pick('vcard')} data-testid="simulator-vcard">
            <ListItemIcon>
              <ContactPhone fontSize="small" />
            </ListItemIcon>
            {t('chat.vcard')}
          </MenuItem>
          <MenuItem onClick={() => pick('call')} data-testid="simulator-call">
            <ListItemIcon>
              <Phone fontSize="small" />
            </ListItemIcon>
            {t('chat.call')}
          </MenuItem>
        </Menu>
        <TextField
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              sendText();
            }
          }}
          placeholder={t('chat.placeholder')}
          disabled={disabled}
          multiline
          maxRows={5}
          size="small"
          sx={{ flex: 1, minWidth: 0 }}
          slotProps={{ htmlInput: { name: 'body', 'aria-label': t('chat.placeholder') } }}
        />
        <IconButton
          type="submit"
          color="primary"
          aria-label={t('chat.send')}
          data-testid="simulator-send"
          disabled={disabled || !text.trim()}
        >
          <Send />
        </IconButton>
      </Box>
      <LocationDialog
        open={dialog === 'location'}
        onClose={() => setDialog(null)}
        onSend={(location) =>
          onSend({ type: 'location', location: { ...location, name: location.name || undefined } })
        }
      />
      <VcardDialog
        open={dialog === 'vcard'}
        onClose={() => setDialog(null)}
        onSend={({ contactName, contactPhone }) =>
          onSend({ type: 'vcard', body: buildVcard(contactName, contactPhone) }, contactName)
        }
      />
    </>
  );
}
