import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = Generated<Date>;

export interface PlansTable {
  id: Generated<number>;
  name: string;
  users: Generated<number>;
  connections: Generated<number>;
  queues: Generated<number>;
  value: ColumnType<number, number | undefined, number>;
  useCampaigns: Generated<boolean>;
  useKanban: Generated<boolean>;
  useOpenAi: Generated<boolean>;
  useIntegrations: Generated<boolean>;
  useSchedules: Generated<boolean>;
  useInternalChat: Generated<boolean>;
  useExternalApi: Generated<boolean>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  email: Generated<string>;
  phone: Generated<string>;
  status: Generated<boolean>;
  planId: number | null;
  /** yyyy-MM-dd */
  dueDate: string | null;
  trialExpiration: string | null;
  recurrence: Generated<string>;
  schedules: ColumnType<unknown[], string | undefined, string>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

export interface HelpsTable {
  id: Generated<number>;
  title: string;
  description: Generated<string>;
  video: Generated<string>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

export interface QueuesTable {
  id: Generated<number>;
  companyId: number;
  name: string;
  color: string;
  orderQueue: number | null;
  greetingMessage: Generated<string>;
  outOfHoursMessage: Generated<string>;
  schedules: ColumnType<unknown[], string | undefined, string>;
  promptId: number | null;
  integrationId: number | null;
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

export interface UsersTable {
  id: Generated<number>;
  companyId: number;
  name: string;
  email: string;
  passwordHash: string;
  profile: Generated<'admin' | 'supervisor' | 'user'>;
  super: Generated<boolean>;
  allTicket: Generated<'enabled' | 'desabled'>;
  timeZone: Generated<string>;
  language: string | null;
  whatsappId: number | null;
  tokenVersion: Generated<number>;
  online: Generated<boolean>;
  lastSeenAt: Date | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

export interface UserQueuesTable {
  id: Generated<number>;
  companyId: number;
  userId: number;
  queueId: number;
  createdAt: CreatedAt;
}

export interface SettingsTable {
  id: Generated<number>;
  companyId: number;
  key: string;
  value: string;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  companyId: number;
  userId: number;
  codeHash: string;
  expiresAt: Date;
  usedAt: Date | null;
  failedAttempts: Generated<number>;
  createdAt: CreatedAt;
}

export interface MailOutboxTable {
  id: Generated<number>;
  companyId: number | null;
  toAddress: string;
  subject: string;
  textBody: string;
  status: Generated<'pending' | 'sent' | 'kept' | 'failed'>;
  error: string | null;
  createdAt: CreatedAt;
  sentAt: Date | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  companyId: number;
  userId: number | null;
  action: string;
  entity: string;
  entityId: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  createdAt: CreatedAt;
}
