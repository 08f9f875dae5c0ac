import { io, type Socket } from 'socket.io-client';

export interface ReceivedEvent {
  event: string;
  payload: unknown;
}

/** A socket.io client that records every event it receives, connected to a listening test server. */
export interface TestSocket {
  socket: Socket;
  events: ReceivedEvent[];
  /** Payloads received so far for one event name. */
  received(event: string): unknown[];
  /** Resolves with the first payload of `event` (already received or arriving within `timeoutMs`). */
  waitFor(event: string, timeoutMs?: number): Promise<unknown>;
  close(): void;
}

export interface SocketOptions {
  headers?: Record<string, string>;
}

function openSocket(baseUrl: string, token: string, options: SocketOptions = {}): TestSocket {
  const socket = io(baseUrl.replace('//localhost', '//127.0.0.1'), {
    transports: ['websocket'],
    query: { token },
    reconnection: false,
    forceNew: true,
    autoConnect: false,
    ...(options.headers ? { extraHeaders: options.headers } : {}),
  });
  const events: ReceivedEvent[] = [];
  socket.onAny((event: string, payload: unknown) => events.push({ event, payload }));
  const received = (event: string) => events.filter((e) => e.event === event).map((e) => e.payload);
  return {
    socket,
    events,
    received,
    waitFor(event, timeoutMs = 5000) {
      const [first] = received(event);
      if (first !== undefined) return Promise.resolve(first);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          socket.off(event, onEvent);
          reject(new Error(`no ${event} within ${timeoutMs} ms`));
        }, timeoutMs);
        const onEvent = (payload: unknown) => {
          clearTimeout(timer);
          resolve(payload);
        };
        socket.once(event, onEvent);
      });
    },
    close: () => socket.close(),
  };
}

/** Connects and waits for the server's `ready`; rejects with the handshake error when refused. */
export function connectSocket(baseUrl: string, token: string, options?: SocketOptions): Promise<TestSocket> {
  const client = openSocket(baseUrl, token, options);
  return new Promise((resolve, reject) => {
    client.socket.once('connect_error', (error) => {
      client.close();
      reject(error);
    });
    client.socket.once('ready', () => resolve(client));
    client.socket.connect();
  });
}

/** Tries to connect and answers the refusal (message = error code); fails the test if it connects. */
export async function refusedHandshake(
  baseUrl: string,
  token: string,
  options?: SocketOptions,
): Promise<Error & { data?: unknown }> {
  const client = openSocket(baseUrl, token, options);
  return new Promise((resolve, reject) => {
    client.socket.once('connect', () => {
      client.close();
      reject(new Error('the handshake was accepted'));
    });
    client.socket.once('connect_error', (error) => {
      client.close();
      resolve(error);
    });
    client.socket.connect();
  });
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
