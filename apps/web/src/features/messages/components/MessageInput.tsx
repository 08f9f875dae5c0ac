import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { routes, type MessageView, type QuickMessageView } from '@zapdesk/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AttachFile from '@mui/icons-material/AttachFile';
import Close from '@mui/icons-material/Close';
import Send from '@mui/icons-material/Send';
import { useTranslation } from 'react-i18next';
import { callRoute } from '../../../lib/api/client';
import { usePreference } from '../../../lib/preferences/preference';
import { useCurrentUser } from '../../auth/sessionContext';
import { useSendMessage } from '../api';
import { composeBody, matchQuickReplies, quickReplySearch, signPreference } from '../compose';
import { quickReplyKey } from '../quickReplyKeys';
import { QuickReplyList } from './QuickReplyList';
import { EmojiPicker } from './EmojiPicker';
import { AudioRecorder } from './AudioRecorder';

/** The text field grows up to 5 rows (spec 1 section 9). */
export const INPUT_MAX_ROWS = 5;

interface MessageInputProps {
  ticketId: number;
  disabled: boolean;
  replyingTo: MessageView | null;
  onCancelReply: () => void;
}

/** Text, files, emoji, quick replies, signature and voice notes for one ticket. */
export function MessageInput({ ticketId, disabled, replyingTo, onCancelReply }: MessageInputProps) {
  const { t } = useTranslation('messages');
  const user = useCurrentUser();
  const sign = usePreference(signPreference);
  const send = useSendMessage(ticketId);
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const search = quickReplySearch(text);
  const quickMessages = useQuery({
    queryKey: ['quick-messages', 'all', user.id],
    queryFn: ({ signal }) =>
      callRoute<typeof routes.quickMessages.listAll, QuickMessageView[]>(routes.quickMessages.listAll, {
        query: { userId: user.id },
        signal,
      }),
    enabled: search !== null,
  });
  // The highlighted suggestion, and the text the list was closed for with Escape (reopens once the text changes).
  const [active, setActive] = useState(0);
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const listId = useId();
  const suggestions =
    search === null || closedFor === text ? [] : matchQuickReplies(quickMessages.data ?? [], search);
  const highlighted = suggestions[Math.min(active, suggestions.length - 1)];

  const changeText = (value: string) => {
    setText(value);
    setActive(0);
    setClosedFor(null);
  };
  const pickReply = (item: QuickMessageView) => {
    setText(item.message);
    setActive(0);
  };

  const submit = () => {
    if (disabled || send.isPending) return;
    const trimmed = text.trim();
    if (!trimmed && files.length === 0) return;
    const body = trimmed ? composeBody(trimmed, user.name, sign && files.length === 0) : '';
    send.mutate(
      { body, quotedMsg: replyingTo, files },
      {
        onSuccess: () => {
          setText('');
          setFiles([]);
          onCancelReply();
        },
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.nativeEvent.isComposing) return;
    const action = quickReplyKey(event.key, event.shiftKey, active, suggestions.length);
    if (action.kind !== 'none') {
      event.preventDefault();
      if (action.kind === 'move') setActive(action.active);
      if (action.kind === 'close') setClosedFor(text);
      const picked = action.kind === 'pick' ? suggestions[action.index] : undefined;
      if (picked) pickReply(picked);
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <Box
      sx={{ borderTop: 1, borderColor: 'divider', p: 1, position: 'relative' }}
      data-testid="message-input"
    >
      {suggestions.length > 0 && (
        <QuickReplyList id={listId} suggestions={suggestions} active={active} onPick={pickReply} />
      )}
      {replyingTo && (
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            mb: 1,
            p: 1,
            bgcolor: 'action.hover',
            borderRadius: 1,
          }}
          data-testid="reply-preview"
        >
          <Typography variant="body2" noWrap sx={{ flex: 1 }}>
            {t('input.replyingTo', { text: replyingTo.body })}
          </Typography>
          <IconButton size="small" onClick={onCancelReply} aria-label={t('input.cancelReply')}>
            <Close fontSize="small" />
          </IconButton>
        </Box>
      )}
      {files.length > 0 && (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mb: 1 }} data-testid="selected-files">
          {files.map((file) => (
            <Chip
              key={file.name}
              label={file.name}
              onDelete={() => setFiles((all) => all.filter((f) => f !== file))}
            />
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5 }}>
        <EmojiPicker disabled={disabled} onPick={(emoji) => changeText(text + emoji)} />
        <IconButton
          disabled={disabled}
          aria-label={t('input.attach')}
          onClick={() => fileInput.current?.click()}
          data-testid="attach-button"
        >
          <AttachFile />
        </IconButton>
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          name="medias"
          onChange={(event) => {
            setFiles(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
        <TextField
          fullWidth
          multiline
          maxRows={INPUT_MAX_ROWS}
          size="small"
          name="body"
          disabled={disabled}
          placeholder={
            disabled ? t('input.closed') : files.length ? t('input.caption') : t('input.placeholder')
          }
          value={text}
          onChange={(event) => changeText(event.target.value)}
          onKeyDown={onKeyDown}
          slotProps={{
            htmlInput: {
              'data-testid': 'message-text',
              'aria-controls': suggestions.length > 0 ? listId : undefined,
              'aria-activedescendant': highlighted ? `${listId}-${highlighted.id}` : undefined,
            },
          }}
        />
        {text.trim() || files.length ? (
          <IconButton
            color="primary"
            disabled={disabled}
            loading={send.isPending}
            onClick={submit}
            aria-label={t('input.send')}
            data-testid="send-button"
          >
            <Send />
          </IconButton>
        ) : (
          <AudioRecorder ticketId={ticketId} disabled={disabled} />
        )}
      </Box>
      <FormControlLabel
        sx={{ ml: 0.5 }}
        control={
          <Switch
            size="small"
            checked={sign}
            onChange={(event) => signPreference.set(event.target.checked)}
            name="signMessage"
            data-testid="sign-switch"
          />
        }
        label={<Typography variant="caption">{t('input.sign')}</Typography>}
      />
    </Box>
  );
}
