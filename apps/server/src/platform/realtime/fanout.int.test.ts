import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession } from '../../../test/factories';
import { connectSocket } from '../../../test/socket-client';

// Two nodes on one database: A holds the browser's socket, B only serves the API.
let nodeA: TestServer;
let nodeB: TestServer;
let baseA: string;
beforeAll(async () => {
  nodeA = await startTestServer({ ROLES: 'api,realtime', REALTIME_FANOUT: 'postgres' });
  nodeB = await startTestServer({ ROLES: 'api', REALTIME_FANOUT: 'postgres' });
  baseA = await nodeA.listen();
});
afterAll(async () => {
  await nodeB.close();
  await nodeA.close();
});

describe('socket fan-out across nodes', () => {
  it('delivers an event emitted by an API-only node to a socket held by another node', async () => {
    const { company, token } = await buildAdminSession(nodeA);
    const socket = await connectSocket(baseA, token);
    try {
      const change = await nodeB.call('PUT', '/settings/userRating', { token, body: { value: 'enabled' } });
      expect(change.status).toBe(200);
      const event = await socket.waitFor(`company-${company.id}-settings`, 5000);
      expect(event).toEqual({ action: 'update', setting: { key: 'userRating', value: 'enabled' } });
    } finally {
      socket.close();
    }
  });

  it("keeps each company's events to its own sockets across nodes", async () => {
    const a = await buildAdminSession(nodeA);
    const b = await buildAdminSession(nodeA);
    const socketB = await connectSocket(baseA, b.token);
    try {
      await nodeB.call('PUT', '/settings/call', { token: a.token, body: { value: 'enabled' } });
      await nodeB.call('PUT', '/settings/call', { token: b.token, body: { value: 'enabled' } });
      await socketB.waitFor(`company-${b.company.id}-settings`, 5000);
      expect(socketB.events.some((e) => e.event.startsWith(`company-${a.company.id}-`))).toBe(false);
    } finally {
      socketB.close();
    }
  });
});

describe('socket event order', () => {
  it('delivers a burst of emits to a local socket in the order they were made', async () => {
    const { company, token } = await buildAdminSession(nodeA);
    const socket = await connectSocket(baseA, token);
    try {
      const sent = Array.from({ length: 50 }, (_, i) => i);
      for (const n of sent) nodeA.ctx.realtime.emitToCompany(company.id, 'order', { n });
      await socket.waitFor(`company-${company.id}-order`, 5000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const received = socket.received(`company-${company.id}-order`).map((p) => (p as { n: number }).n);
      expect(received).toEqual(sent);
    } finally {
      socket.close();
    }
  });
});

describe('socket event order across nodes', () => {
  it('delivers a burst emitted on another node complete and in order', async () => {
    const { company, token } = await buildAdminSession(nodeA);
    const socket = await connectSocket(baseA, token);
    try {
      // About 1 KB each: a burst fills several NOTIFY batches.
      const filler = 'x'.repeat(1000);
      const sent = Array.from({ length: 300 }, (_, i) => i);
      for (const n of sent) nodeB.ctx.realtime.emitToCompany(company.id, 'burst', { n, filler });
      const name = `company-${company.id}-burst`;
      const deadline = Date.now() + 10_000;
      while (socket.received(name).length < sent.length && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const received = socket.received(name).map((p) => (p as { n: number }).n);
      expect(received).toEqual(sent);
    } finally {
      socket.close();
    }
  });

  it('delivers identical events sent together each once', async () => {
    const { company, token } = await buildAdminSession(nodeA);
    const socket = await connectSocket(baseA, token);
    try {
      // The first goes at once; the three others, about 5 KB each, queue meanwhile and then go as three NOTIFYs with
      // the same payload in one statement.
      const same = { filler: 'y'.repeat(5000) };
      const sent = [0, 1, 2, 3];
      for (const n of sent) nodeB.ctx.realtime.emitToCompany(company.id, 'twins', n === 0 ? { n } : same);
      const name = `company-${company.id}-twins`;
      const deadline = Date.now() + 10_000;
      while (socket.received(name).length < sent.length && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(socket.received(name)).toEqual([{ n: 0 }, same, same, same]);
    } finally {
      socket.close();
    }
  });
});
