import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = (...args: unknown[]) => void;

/** A stand-in for a socket.io socket: records emits, lets the test fire connects and events. */
class FakeSocket {
  connected = false;
  emitted: unknown[][] = [];
  handlers = new Map<string, Listener[]>();
  managerHandlers = new Map<string, Listener[]>();
  io = {
    opts: { query: {} as Record<string, string> },
    on: (event: string, listener: Listener) => {
      this.managerHandlers.set(event, [...(this.managerHandlers.get(event) ?? []), listener]);
    },
    removeAllListeners: () => this.managerHandlers.clear(),
  };
  options: unknown;

  on(event: string, listener: Listener) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), listener]);
    return this;
  }
  off(event: string, listener: Listener) {
    this.handlers.set(
      event,
      (this.handlers.get(event) ?? []).filter((l) => l !== listener),
    );
    return this;
  }
  emit(...args: unknown[]) {
    this.emitted.push(args);
    return this;
  }
  connect() {
    return this;
  }
  disconnect() {
    this.connected = false;
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    (this.handlers.get(event) ?? []).forEach((listener) => listener(...args));
  }
  fireManager(event: string) {
    (this.managerHandlers.get(event) ?? []).forEach((listener) => listener());
  }
  /** Simulates a (re)connection: the server has forgotten every room. */
  connectNow() {
    this.connected = true;
    this.fire('connect');
  }
}

const sockets: FakeSocket[] = [];

vi.mock('socket.io-client', () => ({
  io: (options: unknown) => {
    const socket = new FakeSocket();
    socket.options = options;
    sockets.push(socket);
    return socket;
  },
}));

const { RealtimeClient } = await import('./realtimeClient');

describe('realtime client', () => {
  beforeEach(() => {
    sockets.length = 0;
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('connects over websocket only, with the token in the handshake query', () => {
    new RealtimeClient(4, 'jwt-1');
    expect(sockets[0]?.options).toMatchObject({ transports: ['websocket'], query: { token: 'jwt-1' } });
  });

  it('sends joins made before the connection once, when it opens', () => {
    const client = new RealtimeClient(4, 'jwt-1');
    const socket = sockets[0]!;
    client.join('joinNotification');
    client.join('joinChatBox', 12);
    expect(socket.emitted).toEqual([]);
    socket.connectNow();
    expect(socket.emitted).toEqual([['joinNotification'], ['joinChatBox', 12]]);
  });

  it('joins again every room still held after a reconnect, with the newest token', () => {
    window.localStorage.setItem('token', 'jwt-2');
    const client = new RealtimeClient(4, 'jwt-1');
    const socket = sockets[0]!;
    socket.connectNow();
    client.join('joinTickets', 'pending');
    const leaveChat = client.join('joinChatBox', 12);
    leaveChat();
    expect(socket.emitted).toEqual([
      ['joinTickets', 'pending'],
      ['joinChatBox', 12],
      ['leaveChatBox', 12],
    ]);

    socket.emitted = [];
    socket.connected = false;
    socket.fireManager('reconnect_attempt');
    expect(socket.io.opts.query).toEqual({ token: 'jwt-2' });
    socket.connectNow();
    expect(socket.emitted).toEqual([['joinTickets', 'pending']]);
  });

  it('emits userStatus every 300000 ms while connected', () => {
    new RealtimeClient(4, 'jwt-1');
    const socket = sockets[0]!;
    socket.connectNow();
    vi.advanceTimersByTime(299_999);
    expect(socket.emitted).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(socket.emitted).toEqual([['userStatus']]);
  });

  it('scopes event names to its company', () => {
    const client = new RealtimeClient(4, 'jwt-1');
    const handler = vi.fn();
    client.on(client.eventName('auth'), handler);
    sockets[0]!.fire('company-4-auth', { action: 'update' });
    expect(handler).toHaveBeenCalledWith({ action: 'update' });
  });
});
