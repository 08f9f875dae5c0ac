import { QuickMessageInput, type QuickMessageView } from '@zapdesk/contracts';
import { contractResolver } from '../queues/formResolver';

export interface QuickMessageFormValues {
  shortcode: string;
  message: string;
  geral: boolean;
}

export const quickMessageFormValues = (record: QuickMessageView | undefined): QuickMessageFormValues => ({
  shortcode: record?.shortcode ?? '',
  message: record?.message ?? '',
  geral: record?.geral ?? false,
});

export const quickMessageFormResolver = contractResolver<QuickMessageFormValues, typeof QuickMessageInput>(
  QuickMessageInput,
);
