import type {
  AuditLogTable,
  CompaniesTable,
  HelpsTable,
  MailOutboxTable,
  PasswordResetsTable,
  PlansTable,
  QueuesTable,
  SettingsTable,
  UserQueuesTable,
  UsersTable,
} from './accounts';

/** Every table the application reads, keyed by its SQL name (columns in camelCase). */
export interface Database {
  plans: PlansTable;
  companies: CompaniesTable;
  helps: HelpsTable;
  queues: QueuesTable;
  users: UsersTable;
  userQueues: UserQueuesTable;
  settings: SettingsTable;
  passwordResets: PasswordResetsTable;
  mailOutbox: MailOutboxTable;
  auditLog: AuditLogTable;
}

/** Tables whose rows belong to one company (they carry companyId and row-level security). */
export type TenantTable = {
  [K in keyof Database]: Database[K] extends { companyId: number } ? K : never;
}[keyof Database];
