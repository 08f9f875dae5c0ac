import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import type { Actor, ActorLoader } from '../auth/actor';
import { TokenService } from '../auth/tokens';
import { authenticateStaff, type BinderDeps } from './route-binder';

const actor = { userId: 7, companyId: 3, tokenVersion: 1 } as Actor;

/** A request whose logger writes JSON lines into `lines`, as Fastify's per-request logger would. */
function requestLoggingTo(lines: string[], token: string): FastifyRequest {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const log = pino({ level: 'info' }, sink).child({ reqId: 'r1' });
  return { headers: { authorization: `Bearer ${token}` }, log } as unknown as FastifyRequest;
}

describe('authenticateStaff', () => {
  it("binds the caller's company and user to the request's own logger", async () => {
    const tokens = new TokenService(
      'access-secret-for-the-binder-test',
      'refresh-secret-for-the-binder-test',
    );
    const token = tokens.signAccess({ id: 7, profile: 'admin', companyId: 3, tokenVersion: 1 });
    const deps = { tokens, actors: { load: async () => actor } as unknown as ActorLoader } as BinderDeps;
    const lines: string[] = [];
    const request = requestLoggingTo(lines, token);
    const logger = request.log;

    expect(await authenticateStaff(request, deps)).toBe(actor);
    request.log.info('handled');

    // The same logger, not a child of it: the reply logs "request completed" with it too.
    expect(request.log).toBe(logger);
    expect(JSON.parse(lines[0]!)).toMatchObject({ reqId: 'r1', companyId: 3, userId: 7, msg: 'handled' });
  });
});
