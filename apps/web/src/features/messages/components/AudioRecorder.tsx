import { useRef, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Box from '@mui/material/Box';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import HighlightOff from '@mui/icons-material/HighlightOff';
import Mic from '@mui/icons-material/Mic';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { useSendMessage } from '../api';
import { MIN_AUDIO_BYTES, recordingFileName, recordingToMp3 } from '../recording';

/** Start, then send or cancel a voice note; it goes as an mp3 file named with a bare timestamp. */
export function AudioRecorder({ ticketId, disabled }: { ticketId: number; disabled: boolean }) {
  const { t } = useTranslation('messages');
  const send = useSendMessage(ticketId);
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const [recording, setRecording] = useState(false);
  const [encoding, setEncoding] = useState(false);

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
      if (!keep) return;
      const recorded = new Blob(chunks.current, { type: media.mimeType || 'audio/webm' });
      setEncoding(true);
      recordingToMp3(recorded)
        .then((mp3) => {
          if (mp3.size < MIN_AUDIO_BYTES) {
            toast.warning(t('input.audioTooShort'));
            return;
          }
          const file = new File([mp3], recordingFileName(Date.now()), { type: mp3.type });
          send.mutate({ body: '', files: [file] });
        })
        .catch(() => toast.error(t('input.audioFailed')))
        .finally(() => setEncoding(false));
    };
    media.stop();
    recorder.current = null;
    setRecording(false);
  };

  if (!recording) {
    return (
      <IconButton
        disabled={disabled || typeof MediaRecorder === 'undefined'}
        loading={encoding || send.isPending}
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
