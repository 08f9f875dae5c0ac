import type { HelpView } from '@zapdesk/contracts';
import type { HelpRow } from './helps.repository';

export function presentHelp(row: HelpRow): HelpView {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    video: row.video,
    createdAt: row.createdAt.toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}
