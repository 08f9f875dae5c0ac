import type { Migration } from 'kysely';
import * as coreAccounts from './2026112201_core_accounts';
import * as connections from './2026112202_connections';
import * as queueOptions from './2026112203_queue_options';
import * as contactsTicketsMessages from './2026112204_contacts_tickets_messages';
import * as tagsNotesRatingsQuickMessagesSchedules from './2026112205_tags_notes_ratings_quick_messages_schedules';
import * as filesPromptsIntegrations from './2026112206_files_prompts_integrations';
import * as campaigns from './2026112207_campaigns';
import * as announcementsChats from './2026112208_announcements_chats';
import * as billing from './2026112209_billing';
import * as messagingInfrastructure from './2026112210_messaging_infrastructure';
import * as messagePipeline from './2026112211_message_pipeline';
import * as sessionCommands from './2026112212_session_commands';
import * as simulatorMessages from './2026112213_simulator_messages';
import * as socketIoAttachments from './2026112220_socket_io_attachments';
import * as cloudSentMessages from './2026112221_cloud_sent_messages';
import * as messageCycles from './2026112222_message_cycles';
import * as sessionRequests from './2026112230_session_requests';
import * as sessionRequestsCompanyIndex from './2026112232_session_requests_company_index';
import * as ticketReadPaths from './2026112240_ticket_read_paths';
import * as simulatorGroups from './2026112251_simulator_groups';
import * as ticketLastMediaType from './2026112255_ticket_last_media_type';
import * as cycleHourTotals from './2026112262_cycle_hour_totals';
import * as cycleDayTotals from './2026112263_cycle_day_totals';
import * as ticketMessageCount from './2026112264_ticket_message_count';
import * as ratingTotalsByBucket from './2026112265_rating_totals_by_bucket';
import * as companyTicketCounts from './2026112266_company_ticket_counts';
import * as inboundEventsLeanIndexes from './2026112271_inbound_events_lean_indexes';
import * as cycleTotalsAppendOnly from './2026112280_cycle_totals_append_only';
import * as ticketCounts from './2026112281_ticket_counts';
import * as dropCompanyTicketCounts from './2026112282_drop_company_ticket_counts';
import * as messageSearchKeys from './2026112290_message_search_keys';
import * as searchKeysWithoutPendingList from './2026112291_search_keys_without_pending_list';
import * as tenantPoliciesOncePerStatement from './2026112292_tenant_policies_once_per_statement';
import * as inboundLeanWrites from './2026112293_inbound_lean_writes';
import * as ticketMessageCounts from './2026112294_ticket_message_counts';
import * as searchContactsPlannedOnce from './2026112295_search_contacts_planned_once';
import * as ticketsKeyCoversSearch from './2026112296_tickets_key_covers_search';
import * as searchCommonKeys from './2026112297_search_common_keys';
import * as botTurns from './2026112750_bot_turns';
import * as cycleBotOff from './2026112751_cycle_bot_off';
import * as botTurnAffinity from './2026112840_bot_turn_affinity';
import * as refreshTokenRotation from './2026112710_refresh_token_rotation';
import * as loginFailures from './2026112711_login_failures';
import * as campaignDispatch from './2026112740_campaign_dispatch';
import * as campaignBatches from './2026112830_campaign_batches';
import * as pixSandbox from './2026112770_pix_sandbox';
import * as invoicePixCharges from './2026112771_invoice_pix_charges';

/** Every migration, in order. Forward-only: a landed migration is never edited; add a new one. */
export const migrations: Record<string, Migration> = {
  '2026112201_core_accounts': coreAccounts,
  '2026112202_connections': connections,
  '2026112203_queue_options': queueOptions,
  '2026112204_contacts_tickets_messages': contactsTicketsMessages,
  '2026112205_tags_notes_ratings_quick_messages_schedules': tagsNotesRatingsQuickMessagesSchedules,
  '2026112206_files_prompts_integrations': filesPromptsIntegrations,
  '2026112207_campaigns': campaigns,
  '2026112208_announcements_chats': announcementsChats,
  '2026112209_billing': billing,
  '2026112210_messaging_infrastructure': messagingInfrastructure,
  '2026112211_message_pipeline': messagePipeline,
  '2026112212_session_commands': sessionCommands,
  '2026112213_simulator_messages': simulatorMessages,
  '2026112220_socket_io_attachments': socketIoAttachments,
  '2026112221_cloud_sent_messages': cloudSentMessages,
  '2026112222_message_cycles': messageCycles,
  '2026112230_session_requests': sessionRequests,
  '2026112232_session_requests_company_index': sessionRequestsCompanyIndex,
  '2026112240_ticket_read_paths': ticketReadPaths,
  '2026112251_simulator_groups': simulatorGroups,
  '2026112255_ticket_last_media_type': ticketLastMediaType,
  '2026112262_cycle_hour_totals': cycleHourTotals,
  '2026112263_cycle_day_totals': cycleDayTotals,
  '2026112264_ticket_message_count': ticketMessageCount,
  '2026112265_rating_totals_by_bucket': ratingTotalsByBucket,
  '2026112266_company_ticket_counts': companyTicketCounts,
  '2026112271_inbound_events_lean_indexes': inboundEventsLeanIndexes,
  '2026112280_cycle_totals_append_only': cycleTotalsAppendOnly,
  '2026112281_ticket_counts': ticketCounts,
  '2026112282_drop_company_ticket_counts': dropCompanyTicketCounts,
  '2026112290_message_search_keys': messageSearchKeys,
  '2026112291_search_keys_without_pending_list': searchKeysWithoutPendingList,
  '2026112292_tenant_policies_once_per_statement': tenantPoliciesOncePerStatement,
  '2026112293_inbound_lean_writes': inboundLeanWrites,
  '2026112294_ticket_message_counts': ticketMessageCounts,
  '2026112295_search_contacts_planned_once': searchContactsPlannedOnce,
  '2026112296_tickets_key_covers_search': ticketsKeyCoversSearch,
  '2026112297_search_common_keys': searchCommonKeys,
  '2026112750_bot_turns': botTurns,
  '2026112751_cycle_bot_off': cycleBotOff,
  '2026112710_refresh_token_rotation': refreshTokenRotation,
  '2026112711_login_failures': loginFailures,
  '2026112740_campaign_dispatch': campaignDispatch,
  '2026112830_campaign_batches': campaignBatches,
  '2026112770_pix_sandbox': pixSandbox,
  '2026112771_invoice_pix_charges': invoicePixCharges,
  '2026112840_bot_turn_affinity': botTurnAffinity,
};
