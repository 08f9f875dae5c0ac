import type { FastifyRequest } from 'fastify';
import { companyBlock } from '../../platform/auth/actor';
import { AppError } from '../../platform/http/app-error';
import type { ApiCaller } from '../../platform/http/route-binder';
import { bindRequestLog } from '../../platform/logging/logger';
import type { Scopes } from '../../platform/tenancy';

const invalidToken = () => new AppError('ERR_INVALID_API_TOKEN', 'Invalid API token');

/**
 * The `apiToken` auth mode (server-behaviour 16): the bearer is a connection's token, which fixes the connection
 * and the company. Unknown tokens are 403 (never 401: the in-app test form must not end a staff session); the
 * company gate and the plan's useExternalApi flag apply.
 */
export function createApiTokenResolver(scopes: Scopes, timeZone: string) {
  return async (request: FastifyRequest): Promise<ApiCaller> => {
    const [kind, token] = (request.headers.authorization ?? '').split(' ');
    if (kind !== 'Bearer' || !token || token.length > 200) throw invalidToken();
    // The token alone names the company: a global lookup by its unique index.
    const row = await scopes.asSystem((tx) =>
      tx.db
        .selectFrom('whatsapps')
        .innerJoin('companies', 'companies.id', 'whatsapps.companyId')
        .leftJoin('plans', 'plans.id', 'companies.planId')
        .where('whatsapps.token', '=', token)
        .select([
          'whatsapps.id as whatsappId',
          'companies.id as companyId',
          'companies.name',
          'companies.status',
          'companies.dueDate',
          'plans.useExternalApi',
        ])
        .executeTakeFirst(),
    );
    if (!row) throw invalidToken();
    const block = companyBlock(
      { id: row.companyId, name: row.name, status: row.status, dueDate: row.dueDate, plan: null },
      timeZone,
    );
    if (block) throw new AppError(block, 'Company blocked', { status: 403 });
    if (row.useExternalApi !== true) throw new AppError('ERR_PLAN_FEATURE_DISABLED');
    bindRequestLog(request, { companyId: row.companyId, whatsappId: row.whatsappId });
    return { companyId: row.companyId, whatsappId: row.whatsappId };
  };
}
