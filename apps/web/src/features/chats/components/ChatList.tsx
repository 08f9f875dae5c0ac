import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import type { ChatView } from '@zapdesk/contracts';
import { isNearBottom } from '../../../lib/lists/pages';
import { unreadsOf } from '../api';

interface ChatListProps {
  chats: ChatView[];
  userId: number;
  selectedId?: number;
  loading: boolean;
  onOpen: (chat: ChatView) => void;
  onAdd: () => void;
  onEdit: (chat: ChatView) => void;
  onDelete: (chat: ChatView) => void;
  onLoadMore: () => void;
}

/** The user's chats, latest first, with unread counts; edit and delete only on the chats they own. */
export function ChatList(props: ChatListProps) {
  const { t } = useTranslation('chats');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Button
          variant="contained"
          fullWidth
          startIcon={<AddIcon />}
          onClick={props.onAdd}
          data-testid="chat-add"
        >
          {t('new')}
        </Button>
      </Box>
      <List
        dense
        data-testid="chat-list"
        sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}
        onScroll={(event) => {
          if (isNearBottom(event.currentTarget)) props.onLoadMore();
        }}
      >
        {!props.loading && props.chats.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {t('empty')}
          </Typography>
        )}
        {props.chats.map((chat) => {
          const unreads = unreadsOf(chat, props.userId);
          const owned = chat.ownerId === props.userId;
          return (
            <ListItem
              key={chat.id}
              disablePadding
              data-testid="chat-row"
              data-chat-id={chat.id}
              secondaryAction={
                owned && (
                  <>
                    <IconButton
                      size="small"
                      aria-label={t('edit')}
                      onClick={() => props.onEdit(chat)}
                      data-testid="chat-edit"
                    >
                      <EditOutlinedIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      aria-label={t('delete')}
                      onClick={() => props.onDelete(chat)}
                      data-testid="chat-delete"
                    >
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  </>
                )
              }
              sx={{ pr: owned ? 9 : 0 }}
            >
              <ListItemButton selected={chat.id === props.selectedId} onClick={() => props.onOpen(chat)}>
                <ListItemText
                  primary={
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
                      <Typography
                        noWrap
                        variant="body2"
                        sx={{ fontWeight: unreads > 0 ? 700 : 500, flex: 1 }}
                      >
                        {chat.title}
                      </Typography>
                      {unreads > 0 && (
                        <Badge
                          color="error"
                          badgeContent={unreads}
                          data-testid="chat-unreads"
                          sx={{ mr: 1 }}
                        />
                      )}
                    </Box>
                  }
                  secondary={chat.lastMessage}
                  slotProps={{ secondary: { noWrap: true } }}
                />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}
