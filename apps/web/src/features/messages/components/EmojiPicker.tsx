import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import EmojiEmotionsOutlined from '@mui/icons-material/EmojiEmotionsOutlined';
import { useTranslation } from 'react-i18next';
import { EMOJI_PER_LINE, EMOJIS } from '../compose';

/** A plain grid of common emoji, 16 per line; picking one inserts it in the text. */
export function EmojiPicker({ disabled, onPick }: { disabled: boolean; onPick: (emoji: string) => void }) {
  const { t } = useTranslation('messages');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        disabled={disabled}
        aria-label={t('input.emoji')}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="emoji-button"
      >
        <EmojiEmotionsOutlined />
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: `repeat(${EMOJI_PER_LINE}, 32px)`,
            p: 1,
            maxWidth: '95vw',
            overflowX: 'auto',
          }}
          data-testid="emoji-grid"
        >
          {EMOJIS.map((emoji) => (
            <Box
              component="button"
              type="button"
              key={emoji}
              onClick={() => onPick(emoji)}
              sx={{ border: 0, bgcolor: 'transparent', fontSize: 20, cursor: 'pointer', p: 0.25 }}
            >
              {emoji}
            </Box>
          ))}
        </Box>
      </Popover>
    </>
  );
}
