import Avatar from '@mui/material/Avatar';
import type { IntegrationType } from '@zapdesk/contracts';

/** Each type's mark: its initials on its brand colour. */
const marks: Record<IntegrationType, { text: string; color: string }> = {
  dialogflow: { text: 'DF', color: '#FF9800' },
  n8n: { text: 'n8n', color: '#EA4B71' },
  webhook: { text: 'WH', color: '#455A64' },
  typebot: { text: 'TB', color: '#0042DA' },
};

export function IntegrationLogo({ type }: { type: IntegrationType }) {
  const mark = marks[type];
  return (
    <Avatar
      variant="rounded"
      sx={{ width: 32, height: 32, fontSize: 12, fontWeight: 700, bgcolor: mark.color }}
      data-testid={`integration-logo-${type}`}
    >
      {mark.text}
    </Avatar>
  );
}
