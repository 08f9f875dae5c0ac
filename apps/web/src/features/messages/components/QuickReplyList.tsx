import type { QuickMessageView } from '@zapdesk/contracts';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import { quickReplyLabel } from '../compose';

interface QuickReplyListProps {
  id: string;
  suggestions: QuickMessageView[];
  active: number;
  onPick: (item: QuickMessageView) => void;
}

/** The suggestions above the text field; the field keeps focus and drives the highlight (aria-activedescendant). */
export function QuickReplyList({ id, suggestions, active, onPick }: QuickReplyListProps) {
  return (
    <Paper
      elevation={4}
      sx={{ position: 'absolute', bottom: '100%', left: 8, right: 8, maxHeight: 240, overflowY: 'auto' }}
    >
      <List dense data-testid="quick-replies" id={id} role="listbox">
        {suggestions.map((item, index) => (
          <ListItemButton
            key={item.id}
            id={`${id}-${item.id}`}
            role="option"
            aria-selected={index === active}
            selected={index === active}
            // Keep focus in the text field: a mouse pick must not blur it.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick(item)}
            data-testid="quick-reply"
          >
            {quickReplyLabel(item)}
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}
