/**
 * The error catalogue: every code the server may answer, with its HTTP status.
 * Spec 1 section 8 codes first, then the ones server-behaviour.md and our own features add.
 */
export const errorStatuses = {
  ERR_INTERNAL_SERVER_ERROR: 500,
  ERR_VALIDATION: 400,
  ERR_NOT_FOUND: 404,
  ERR_NO_OTHER_WHATSAPP: 400,
  ERR_NO_DEF_WAPP_FOUND: 404,
  ERR_WAPP_NOT_INITIALIZED: 400,
  ERR_WAPP_CHECK_CONTACT: 400,
  ERR_WAPP_INVALID_CONTACT: 400,
  ERR_WAPP_DOWNLOAD_MEDIA: 400,
  ERR_WAPP_GREETING_REQUIRED: 400,
  ERR_WAPP_NAME_ALREADY_EXISTS: 400,
  /** The node running the connection's session did not answer in time (clusters). */
  ERR_WAPP_SESSION_TIMEOUT: 400,
  ERR_INVALID_CREDENTIALS: 401,
  ERR_USER_DONT_EXISTS: 404,
  ERR_SENDING_WAPP_MSG: 400,
  ERR_DELETE_WAPP_MSG: 400,
  ERR_EDITING_WAPP_MSG: 400,
  ERR_OTHER_OPEN_TICKET: 400,
  ERR_TICKET_CLOSED: 400,
  /** Another agent opened the ticket first (two accepts of one pending ticket at once): the later one loses. */
  ERR_TICKET_ALREADY_ACCEPTED: 409,
  ERR_SESSION_EXPIRED: 401,
  ERR_USER_CREATION_DISABLED: 403,
  ERR_NO_PERMISSION: 403,
  ERR_DUPLICATED_CONTACT: 400,
  ERR_NO_SETTING_FOUND: 404,
  ERR_NO_CONTACT_FOUND: 404,
  ERR_NO_TICKET_FOUND: 404,
  ERR_NO_USER_FOUND: 404,
  ERR_NO_WAPP_FOUND: 404,
  ERR_CREATING_MESSAGE: 400,
  ERR_CREATING_TICKET: 400,
  ERR_FETCH_WAPP_MSG: 400,
  ERR_QUEUE_COLOR_ALREADY_EXISTS: 400,
  ERR_QUEUE_NAME_ALREADY_EXISTS: 400,
  ERR_SUBSCRIPTION_EXPIRED: 403,
  ERR_COMPANY_INACTIVE: 403,
  ERR_PLAN_LIMIT_USERS: 400,
  ERR_PLAN_LIMIT_CONNECTIONS: 400,
  ERR_PLAN_LIMIT_QUEUES: 400,
  ERR_PLAN_FEATURE_DISABLED: 403,
  ERR_TOO_MANY_REQUESTS: 429,
  ERR_EMAIL_ALREADY_EXISTS: 400,
  ERR_COMPANY_NAME_ALREADY_EXISTS: 400,
  ERR_PLAN_NAME_ALREADY_EXISTS: 400,
  ERR_PLAN_IN_USE: 400,
  ERR_NO_PLAN_FOUND: 404,
  ERR_INVALID_RESET_TOKEN: 400,
  ERR_SCHEDULE_ALREADY_SENT: 400,
  ERR_CAMPAIGN_NOT_EDITABLE: 400,
  ERR_CAMPAIGN_IN_PROGRESS: 400,
  /** Cancel of a campaign that is not scheduled or running; restart of one that is not cancelled. */
  ERR_CAMPAIGN_INVALID_TRANSITION: 400,
  ERR_FILE_NAME_ALREADY_EXISTS: 400,
  ERR_PROMPT_IN_USE: 400,
  ERR_INTEGRATION_IN_USE: 400,
  ERR_INVALID_API_TOKEN: 403,
  ERR_INVOICE_NOT_OPEN: 400,
  /** The Pix provider refused or failed a request (checkout, webhook registration). */
  ERR_PIX_PROVIDER: 400,
  /** The sandbox's pay action on a charge already paid. */
  ERR_PIX_CHARGE_NOT_ACTIVE: 400,
  ERR_CANNOT_DELETE_SELF: 400,
  ERR_INVALID_WEBHOOK_SIGNATURE: 401,
  ERR_PAYLOAD_TOO_LARGE: 413,
} as const;

export type ErrorCode = keyof typeof errorStatuses;

export const errorCodes = Object.keys(errorStatuses) as ErrorCode[];

/** The body of every error answer. */
export interface ErrorBody {
  error: ErrorCode;
  message: string;
  /** Field path -> the first failing rule's message, for validation errors. */
  fields?: Record<string, string>;
  [extra: string]: unknown;
}
