import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../../features/auth/sessionContext';
import { unreadsOf, useUnreadChats } from '../../../features/chats/api';
import { useChatListLive } from '../../../features/chats/realtime';
import { BellButton, EmptyBellList } from './BellButton';

/** Internal chats with unread messages. */
export function ChatsBell() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const user = useCurrentUser();
  const unread = useUnreadChats(user.id);
  useChatListLive();
  const count = unread.reduce((sum, chat) => sum + unreadsOf(chat, user.id), 0);

  return (
    <BellButton testId="chats-button" label={t('chats.title')} icon={<ForumOutlined />} count={count}>
      {(close) => (
        <>
          {unread.length === 0 ? (
            <EmptyBellList text={t('chats.empty')} />
          ) : (
            <List dense>
              {unread.map((chat) => (
                <ListItemButton
                  key={chat.id}
                  onClick={() => {
                    close();
                    void navigate(`/chats/${chat.uuid}`);
                  }}
                >
                  <ListItemText
                    primary={chat.title}
                    secondary={chat.lastMessage}
                    slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
                  />
                </ListItemButton>
              ))}
            </List>
          )}
          <Box sx={{ px: 2, pb: 1.5 }}>
            <Button
              size="small"
              onClick={() => {
                close();
                void navigate('/chats');
              }}
            >
              {t('chats.openAll')}
            </Button>
          </Box>
        </>
      )}
    </BellButton>
  );
}
