import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { HelpView } from '@zapdesk/contracts';
import { videoIdOf } from '../youtube';
import { VideoThumbnail } from './VideoThumbnail';

/** One help video: thumbnail, title and description; a click opens the player. */
export function HelpCard({ help, onOpen }: { help: HelpView; onOpen: (help: HelpView) => void }) {
  return (
    <Card variant="outlined" data-testid="help-card" sx={{ height: '100%' }}>
      <CardActionArea onClick={() => onOpen(help)} sx={{ height: '100%', display: 'block' }}>
        <VideoThumbnail videoId={videoIdOf(help.video)} />
        <CardContent>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {help.title}
          </Typography>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{
              overflowWrap: 'anywhere',
              display: '-webkit-box',
              WebkitLineClamp: 3,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {help.description}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
