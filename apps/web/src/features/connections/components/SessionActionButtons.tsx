import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { WhatsappView } from '@zapdesk/contracts';
import { useTranslation } from 'react-i18next';
import type { SessionCommand } from '../api';
import { sessionActionsFor } from '../sessionActions';

/** The session buttons of one connection, per its status. */
export function SessionActionButtons({
  connection,
  pending,
  onShowQr,
  onCommand,
}: {
  connection: WhatsappView;
  pending: boolean;
  onShowQr: (connection: WhatsappView) => void;
  onCommand: (connection: WhatsappView, command: SessionCommand) => void;
}) {
  const { t } = useTranslation('connections');
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {sessionActionsFor(connection.status).map((action) => {
        switch (action.kind) {
          case 'showQr':
            return (
              <Button
                key="qr"
                size="small"
                variant="contained"
                data-testid="session-qrcode"
                onClick={() => onShowQr(connection)}
              >
                {t('buttons.qrcode')}
              </Button>
            );
          case 'command':
            return (
              <Button
                key={action.command}
                size="small"
                variant={action.command === 'start' ? 'contained' : 'outlined'}
                color={action.command === 'logout' ? 'error' : 'primary'}
                data-testid={`session-${action.label}`}
                disabled={pending}
                onClick={() => onCommand(connection, action.command)}
              >
                {t(`buttons.${action.label}`)}
              </Button>
            );
          case 'connecting':
            return (
              <Button
                key="connecting"
                size="small"
                variant="outlined"
                disabled
                data-testid="session-connecting"
              >
                {t('buttons.connecting')}
              </Button>
            );
        }
      })}
    </Box>
  );
}
