import type { Profile } from '@zapdesk/contracts';
import { hashPassword } from '../src/platform/auth/passwords';
import { seedDefaultSettings } from '../src/modules/settings';
import type { TestServer } from './harness';

let sequence = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${Date.now().toString(36)}-${++sequence}`;

export interface BuiltCompany {
  id: number;
  name: string;
  planId: number;
}

export interface PlanOverrides {
  users?: number;
  connections?: number;
  queues?: number;
  useCampaigns?: boolean;
  useKanban?: boolean;
  useOpenAi?: boolean;
  useIntegrations?: boolean;
  useSchedules?: boolean;
  useInternalChat?: boolean;
  useExternalApi?: boolean;
}

/** A company of its own (with its own plan and default settings), so tests never share rows. */
export async function buildCompany(
  server: TestServer,
  options: { status?: boolean; dueDate?: string | null; plan?: PlanOverrides } = {},
): Promise<BuiltCompany> {
  const name = unique('Company');
  const company = await server.ctx.scopes.asSystem(async (tx) => {
    const plan = await tx.db
      .insertInto('plans')
      .values({ name: unique('Plan'), value: 49, ...options.plan })
      .returning('id')
      .executeTakeFirstOrThrow();
    return tx.db
      .insertInto('companies')
      .values({
        name,
        email: `${name.toLowerCase()}@example.com`,
        planId: plan.id,
        status: options.status ?? true,
        dueDate: options.dueDate === undefined ? '2099-12-31' : options.dueDate,
      })
      .returning(['id', 'name', 'planId'])
      .executeTakeFirstOrThrow();
  });
  await server.ctx.scopes.tenant(company.id).run((tx) => seedDefaultSettings(tx));
  return { id: company.id, name: company.name, planId: company.planId ?? 0 };
}

export interface BuiltUser {
  id: number;
  email: string;
  password: string;
  companyId: number;
}

export async function buildUser(
  server: TestServer,
  company: BuiltCompany,
  options: {
    profile?: Profile;
    super?: boolean;
    password?: string;
    name?: string;
    allTicket?: 'enabled' | 'desabled';
  } = {},
): Promise<BuiltUser> {
  const password = options.password ?? 'secret123';
  const email = `${unique('user').toLowerCase()}@example.com`;
  const row = await server.ctx.scopes.tenant(company.id).run(async (tx) =>
    tx
      .insertInto('users')
      .values({
        companyId: company.id,
        name: options.name ?? 'Test User',
        email,
        passwordHash: await hashPassword(password),
        profile: options.profile ?? 'admin',
        super: options.super ?? false,
        allTicket: options.allTicket ?? 'desabled',
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  return { id: row.id, email, password, companyId: company.id };
}

/** Logs in through the API; answers the access token, the refresh cookie and the session user. */
export async function login(server: TestServer, user: { email: string; password: string }) {
  const { status, body, response } = await server.call('POST', '/auth/login', {
    body: { email: user.email, password: user.password },
  });
  if (status !== 200) throw new Error(`login failed: ${status} ${JSON.stringify(body)}`);
  const cookie = response.cookies.find((c) => c.name === 'jrt');
  return { token: body.token as string, refreshCookie: cookie?.value ?? '', user: body.user };
}

/** A company with an admin already logged in: the usual start of a test. */
export async function buildAdminSession(
  server: TestServer,
  options: Parameters<typeof buildCompany>[1] = {},
) {
  const company = await buildCompany(server, options);
  const admin = await buildUser(server, company, { profile: 'admin' });
  const session = await login(server, admin);
  return { company, admin, token: session.token, session };
}
