import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import type { WhatsappView } from '@zapdesk/contracts';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { useCurrentUser } from '../../auth/sessionContext';
import { useConnectionList, useDeleteConnection, useSessionCommand, type SessionCommand } from '../api';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ConnectionDialog } from '../components/ConnectionDialog';
import { ConnectionsTable } from '../components/ConnectionsTable';
import { QrCodeDialog } from '../components/QrCodeDialog';
import { can } from '../permissions';
import { useConnectionsLive } from '../realtime';

type FormState = { open: false } | { open: true; id: number | null };
type Confirming = { kind: 'delete' | 'disconnect'; connection: WhatsappView } | null;

/** /connections: the company's WhatsApp connections, their sessions and their settings. */
export function ConnectionsPage() {
  const { t } = useTranslation('connections');
  const user = useCurrentUser();
  const list = useConnectionList(true);
  useConnectionsLive();
  const command = useSessionCommand();
  const remove = useDeleteConnection();
  const [form, setForm] = useState<FormState>({ open: false });
  const [qrId, setQrId] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);

  const connections = list.data ?? [];
  const qrConnection = connections.find((connection) => connection.id === qrId) ?? null;

  const runCommand = (connection: WhatsappView, name: SessionCommand) => {
    if (name === 'logout') setConfirming({ kind: 'disconnect', connection });
    else command.mutate({ id: connection.id, command: name });
  };

  const confirm = () => {
    if (!confirming) return;
    const { kind, connection } = confirming;
    const done = { onSuccess: () => setConfirming(null) };
    if (kind === 'disconnect') command.mutate({ id: connection.id, command: 'logout' }, done);
    else
      remove.mutate(connection.id, {
        onSuccess: () => {
          toast.success(t('toasts.deleted'));
          setConfirming(null);
        },
      });
  };

  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 1400, mx: 'auto' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {t('title')}
        </Typography>
        {can(user, 'connections-page:addConnection') && (
          <Button
            variant="contained"
            startIcon={<Add />}
            data-testid="connection-add"
            onClick={() => setForm({ open: true, id: null })}
          >
            {t('buttons.add')}
          </Button>
        )}
      </Box>
      {list.isPending && <LinearProgress sx={{ mb: 1 }} />}
      {list.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('loadError')}
        </Alert>
      )}
      <ConnectionsTable
        connections={connections}
        showSessionActions={can(user, 'connections-page:actionButtons')}
        showEditDelete={can(user, 'connections-page:editOrDeleteConnection')}
        pendingId={command.isPending ? (command.variables?.id ?? null) : null}
        onShowQr={(connection) => setQrId(connection.id)}
        onCommand={runCommand}
        onEdit={(connection) => setForm({ open: true, id: connection.id })}
        onDelete={(connection) => setConfirming({ kind: 'delete', connection })}
      />
      <ConnectionDialog
        open={form.open}
        connectionId={form.open ? form.id : null}
        onClose={() => setForm({ open: false })}
      />
      <QrCodeDialog connection={qrConnection} onClose={() => setQrId(null)} />
      <ConfirmDialog
        open={confirming !== null}
        title={
          confirming?.kind === 'disconnect'
            ? t('confirm.disconnectTitle', { name: confirming.connection.name })
            : t('confirm.deleteTitle', { name: confirming?.connection.name ?? '' })
        }
        confirmLabel={t('confirm.ok')}
        pending={command.isPending || remove.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(null)}
      >
        {confirming?.kind === 'disconnect' ? t('confirm.disconnectMessage') : t('confirm.deleteMessage')}
      </ConfirmDialog>
    </Box>
  );
}
