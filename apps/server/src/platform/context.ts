import type { FastifyBaseLogger as Logger } from 'fastify';
import type { ActorLoader } from './auth/actor';
import type { TokenService } from './auth/tokens';
import type { ServerConfig } from './config/jwt-secrets';
import type { Bind } from './http/route-binder';
import type { Jobs } from './jobs/jobs';
import type { Mailer } from './mail/mailer';
import type { Realtime } from './realtime/realtime';
import type { Scopes } from './tenancy';

/** What every module receives at registration: the platform's services, never the raw database. */
export interface AppContext {
  config: ServerConfig;
  scopes: Scopes;
  tokens: TokenService;
  actors: ActorLoader;
  realtime: Realtime;
  mail: Mailer;
  jobs: Jobs;
  log: Logger;
  bind: Bind;
}
