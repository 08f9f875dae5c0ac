import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConnectionList } from '../../connections/api';
import { useConnectionsLive } from '../../connections/realtime';
import { useSimulatorAvailable } from '../availability';
import { ChatTargetForm } from '../components/ChatTargetForm';
import { Composer } from '../components/Composer';
import { Conversation } from '../components/Conversation';
import type { ChatTarget } from '../schemas';
import { useSimulatedChat } from '../useSimulatedChat';

/** /simulator: an admin plays customers of the built-in test phone network and sees our answers. */
export function SimulatorPage() {
  const { t } = useTranslation('simulator');
  const available = useSimulatorAvailable(true);
  const list = useConnectionList(true);
  useConnectionsLive();
  const [target, setTarget] = useState<ChatTarget | null>(null);
  const chat = useSimulatedChat(target);
  const chatPane = useRef<HTMLDivElement>(null);
  const open = (next: ChatTarget) => {
    setTarget(next);
    // On a phone the conversation sits below the form.
    chatPane.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };

  const connections = (list.data ?? []).filter((connection) => connection.provider === 'simulator');
  const connection = connections.find((candidate) => candidate.id === target?.whatsappId);
  const connected = connection?.status === 'CONNECTED';
  const chatTitle = !target
    ? t('chat.noTarget')
    : target.name
      ? t('chat.title', { name: target.name, number: target.from })
      : t('chat.titleNumber', { number: target.from });

  if (available.isPending || list.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
        <CircularProgress />
      </Box>
    );
  }
  if (available.data !== true) {
    return (
      <Box sx={{ p: { xs: 1.5, sm: 3 } }}>
        <Alert severity="info">{t('disabled')}</Alert>
      </Box>
    );
  }

  return (
    <Box
      sx={{
        p: { xs: 1.5, sm: 3 },
        display: 'flex',
        flexDirection: { xs: 'column', md: 'row' },
        gap: 2,
        height: { md: '100%' },
        minHeight: 0,
      }}
    >
      <Paper
        variant="outlined"
        sx={{ p: 2, width: { md: 340 }, flexShrink: 0, alignSelf: { md: 'flex-start' } }}
      >
        <Typography variant="h5" component="h1" gutterBottom>
          {t('title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('intro')}
        </Typography>
        {connections.length === 0 ? (
          <Alert
            severity="info"
            sx={{ mt: 2 }}
            action={
              <Button component={RouterLink} to="/connections" size="small">
                {t('goToConnections')}
              </Button>
            }
          >
            {t('noConnections')}
          </Alert>
        ) : (
          <ChatTargetForm connections={connections} initial={target} onOpen={open} />
        )}
      </Paper>
      <Paper
        ref={chatPane}
        variant="outlined"
        sx={{
          flex: 1,
          minWidth: 0,
          display: 'flex',
          flexDirection: 'column',
          overflow: 'hidden',
          height: { xs: '70dvh', md: 'auto' },
          minHeight: 360,
        }}
      >
        <Box sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
          <Typography variant="subtitle1" noWrap data-testid="simulator-chat-title">
            {chatTitle}
          </Typography>
          {target && connection && (
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {t('chat.via', { name: connection.name })}
            </Typography>
          )}
        </Box>
        {target && connection && !connected && (
          <Alert severity="warning" sx={{ borderRadius: 0 }}>
            {t('chat.notConnected')}
          </Alert>
        )}
        {chat.outboxFailed && (
          <Alert severity="error" sx={{ borderRadius: 0 }}>
            {t('chat.outboxFailed')}
          </Alert>
        )}
        <Conversation items={chat.items} typing={chat.typing} />
        <Composer disabled={!target || !connected} onSend={chat.send} />
      </Paper>
    </Box>
  );
}
