import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChatView } from '@zapdesk/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useCurrentUser } from '../../auth/sessionContext';
import { unreadsOf, useChat, useChatList, useDeleteChat, useMarkChatRead } from '../api';
import { ChatDialog } from '../components/ChatDialog';
import { ChatList } from '../components/ChatList';
import { ChatMessages } from '../components/ChatMessages';
import { useChatRoomLive } from '../realtime';

type DialogState = { open: false } | { open: true; chat?: ChatView };

/** The open chat: its title and members, its history and input; read as soon as it shows unread messages. */
function OpenChat({ chat, userId }: { chat: ChatView; userId: number }) {
  const markRead = useMarkChatRead();
  const unreads = unreadsOf(chat, userId);
  useChatRoomLive(chat.id);
  useEffect(() => {
    if (unreads > 0 && !markRead.isPending) markRead.mutate({ chatId: chat.id, userId });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read again only when the count goes up
  }, [chat.id, unreads, userId]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="subtitle1" noWrap data-testid="chat-title">
          {chat.title}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          {chat.users.map((member) => member.user.name).join(', ')}
        </Typography>
      </Box>
      <Box sx={{ flex: 1, minHeight: 0 }}>
        <ChatMessages chat={chat} userId={userId} />
      </Box>
    </Box>
  );
}

/** /chats/:id?: the chat list and the open chat side by side; two tabs under 600 px (spec 2 section 2). */
export function ChatsPage() {
  const { t } = useTranslation('chats');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { id } = useParams();
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [tab, setTab] = useState<'chats' | 'messages'>(id ? 'messages' : 'chats');
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const [deleting, setDeleting] = useState<ChatView | null>(null);
  const list = useChatList();
  const fromAddress = useChat(id);
  const remove = useDeleteChat();
  const selected =
    list.chats.find((chat) => chat.uuid === id) ??
    (fromAddress.data?.uuid === id ? fromAddress.data : undefined);

  const open = (chat: ChatView) => {
    setTab('messages');
    void navigate(`/chats/${chat.uuid}`);
  };

  const chatList = (
    <ChatList
      chats={list.chats}
      userId={user.id}
      selectedId={selected?.id}
      loading={list.isPending}
      onOpen={open}
      onAdd={() => setDialog({ open: true })}
      onEdit={(chat) => setDialog({ open: true, chat })}
      onDelete={setDeleting}
      onLoadMore={list.loadMore}
    />
  );
  const pane = selected ? (
    <OpenChat key={selected.id} chat={selected} userId={user.id} />
  ) : (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', height: '100%', p: 2 }}>
      <Typography color="text.secondary">{t('choose')}</Typography>
    </Box>
  );

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, height: '100%', boxSizing: 'border-box' }}>
      <Paper
        variant="outlined"
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
      >
        {narrow ? (
          <>
            <Tabs
              value={tab}
              onChange={(_event, value: 'chats' | 'messages') => setTab(value)}
              variant="fullWidth"
            >
              <Tab value="chats" label={t('tabs.chats')} data-testid="chat-tab-chats" />
              <Tab value="messages" label={t('tabs.messages')} data-testid="chat-tab-messages" />
            </Tabs>
            <Box sx={{ flex: 1, minHeight: 0 }}>{tab === 'chats' ? chatList : pane}</Box>
          </>
        ) : (
          <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
            <Box sx={{ width: '33%', minWidth: 240, maxWidth: 400, borderRight: 1, borderColor: 'divider' }}>
              {chatList}
            </Box>
            <Box sx={{ flex: 1, minWidth: 0 }}>{pane}</Box>
          </Box>
        )}
      </Paper>
      <ChatDialog
        open={dialog.open}
        chat={dialog.open ? dialog.chat : undefined}
        onClose={() => setDialog({ open: false })}
        onSaved={open}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle', { title: deleting?.title ?? '' })}
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              if (deleting.uuid === id) void navigate('/chats');
            },
            onSettled: () => setDeleting(null),
          })
        }
        onClose={() => setDeleting(null)}
      >
        {t('deleteText')}
      </ConfirmDialog>
    </Box>
  );
}
