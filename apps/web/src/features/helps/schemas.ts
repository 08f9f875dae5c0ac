import type { z } from 'zod';
import { HelpInput, type HelpView } from '@zapdesk/contracts';

export const HelpFormSchema = HelpInput;
export type HelpForm = z.input<typeof HelpInput>;
export type HelpFormValues = z.output<typeof HelpInput>;

export const emptyHelp: HelpForm = { title: '', video: '', description: '' };

export const helpForm = (help: HelpView | null): HelpForm =>
  help ? { title: help.title, video: help.video, description: help.description } : emptyHelp;
