import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildCompany, buildUser, login } from '../../../test/factories';
import { TokenService } from '../auth/tokens';
import { SECRETS_FILE } from './jwt-secrets';

// The secrets every installation shared before issue 16: anyone could sign a super user's token with them.
const OLD_DEVELOPMENT_SECRET = 'zapdesk-development-access-secret';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zapdesk-secrets-'));
// A fresh install: no secrets in the environment.
const WITHOUT_SECRETS = { JWT_SECRET: '', JWT_REFRESH_SECRET: '' };
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ...WITHOUT_SECRETS, DATA_DIR: dataDir });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('token secrets of an installation started without JWT_SECRET', () => {
  it('are generated on the first start and kept in DATA_DIR, readable by the owner only', () => {
    const file = path.join(dataDir, SECRETS_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(stored.jwtSecret).toBe(server.ctx.config.jwtSecret);
    expect(stored.jwtSecret).toHaveLength(64);
    expect(stored.jwtRefreshSecret).not.toBe(stored.jwtSecret);
  });

  it('refuse a super user token signed with the old built-in development secret', async () => {
    const company = await buildCompany(server);
    const superUser = await buildUser(server, company, { profile: 'admin', super: true });
    const forged = jwt.sign(
      { id: superUser.id, profile: 'admin', companyId: company.id, tokenVersion: 0 },
      OLD_DEVELOPMENT_SECRET,
      { expiresIn: 900 },
    );
    const answer = await server.call('GET', '/companies', { token: forged });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe('ERR_SESSION_EXPIRED');
  });

  it('are reused by the next start on the same folder: its sessions survive a restart', async () => {
    const company = await buildCompany(server);
    const user = await buildUser(server, company);
    const session = await login(server, user);
    const restarted = await startTestServer({ ...WITHOUT_SECRETS, DATA_DIR: dataDir });
    try {
      expect(restarted.ctx.config.jwtSecret).toBe(server.ctx.config.jwtSecret);
      expect((await restarted.call('GET', '/auth/me', { token: session.token })).status).toBe(200);
    } finally {
      await restarted.close();
    }
    const elsewhere = await startTestServer(WITHOUT_SECRETS);
    try {
      expect(elsewhere.ctx.config.jwtSecret).not.toBe(server.ctx.config.jwtSecret);
      expect((await elsewhere.call('GET', '/auth/me', { token: session.token })).status).toBe(403);
    } finally {
      await elsewhere.close();
    }
  });

  it('refuse an access token without an expiry, even when correctly signed', async () => {
    const company = await buildCompany(server);
    const user = await buildUser(server, company);
    const session = await login(server, user);
    const { tokenVersion } = jwt.decode(session.token) as { tokenVersion: number };
    const lasting = { id: user.id, profile: 'user', companyId: company.id, tokenVersion };
    const forever = jwt.sign(lasting, server.ctx.config.jwtSecret);
    expect((await server.call('GET', '/auth/me', { token: forever })).status).toBe(403);
    // The same claims with an expiry pass: only the missing expiry was refused.
    const tokens = new TokenService(server.ctx.config.jwtSecret, server.ctx.config.jwtRefreshSecret);
    const good = tokens.signAccess(lasting);
    expect((await server.call('GET', '/auth/me', { token: good })).status).toBe(200);
  });
});
