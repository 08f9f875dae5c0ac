import { useRef, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Box from '@mui/material/Box';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import HighlightOff from '@mui/icons-material/HighlightOff';
import Mic from '@mui/icons-material/Mic';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { useSendMessage } from '../api';

/** Recordings under 10000 bytes are discarded (spec 1 section 9). */
export const MIN_AUDIO_BYTES = 10_000;

/** Start, then send or cancel a voice note; it goes as a file named with a bare timestamp. */
export function AudioRecorder({ ticketId, disabled }: { ticketId: number; disabled: boolean }) {
  const { t } = useTranslation('messages');
  const send = useSendMessage(ticketId);
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const [recording, setRecording] = useState(false);

  const start = async () => {
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const media = new MediaRecorder(stream);
      chunks.current = [];
      media.ondataavailable = (event) => chunks.current.push(event.data);
      media.start();
      recorder.current = media;
      setRecording(true);
    } catch {
      toast.error(t('input.micDenied'));
    }
  };

  const stop = (keep: boolean) => {
    const media = recorder.current;
    if (!media) return;
    media.onstop = () => {
      media.stream.getTracks().forEach((track) => track.stop());
      const blob = new Blob(chunks.current, { type: media.mimeType || 'audio/webm' });
      if (!keep) return;
      if (blob.size < MIN_AUDIO_BYTES) {
        toast.warning(t('input.audioTooShort'));
        return;
      }
      const extension = blob.type.includes('ogg') ? 'ogg' : blob.type.includes('mp4') ? 'm4a' : 'webm';
      const file = new File([blob], `${Date.now()}.${extension}`, { type: blob.type });
      send.mutate({ body: '', files: [file] });
    };
    media.stop();
    recorder.current = null;
    setRecording(false);
  };

  if (!recording) {
    return (
      <IconButton
        disabled={disabled || typeof MediaRecorder === 'undefined'}
        loading={send.isPending}
        onClick={() => void start()}
        aria-label={t('input.record')}
        data-testid="record-button"
      >
        <Mic />
      </IconButton>
    );
  }
  return (
    <Box sx={{ display: 'flex' }}>
      <IconButton color="error" onClick={() => stop(false)} aria-label={t('input.cancelRecording')}>
        <HighlightOff />
      </IconButton>
      <IconButton color="success" onClick={() => stop(true)} aria-label={t('input.sendRecording')}>
        <CheckCircleOutline />
      </IconButton>
    </Box>
  );
}
