import net from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message (headers and body) as the client sent it, dot-stuffing undone. */
  data: string;
}

export interface SmtpReceiver {
  url: string;
  messages: ReceivedMail[];
  /** Resolves once `count` messages have arrived. */
  waitForMessages(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** Speaks the SMTP subset a client needs to hand over one message; no TLS, no auth. */
function serve(socket: net.Socket, delivered: (mail: ReceivedMail) => void): void {
  let buffer = '';
  let mail: ReceivedMail = { from: '', to: [], data: '' };
  let dataLines: string[] | null = null;
  const reply = (line: string) => socket.write(`${line}\r\n`);

  const onLine = (line: string) => {
    if (dataLines) {
      if (line === '.') {
        delivered({ ...mail, data: dataLines.join('\r\n') });
        mail = { from: '', to: [], data: '' };
        dataLines = null;
        reply('250 OK queued');
      } else dataLines.push(line.startsWith('..') ? line.slice(1) : line);
      return;
    }
    const verb = line.slice(0, 4).toUpperCase();
    if (verb === 'EHLO' || verb === 'HELO') reply('250 localhost');
    else if (verb === 'MAIL') {
      mail.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
      reply('250 OK');
    } else if (verb === 'RCPT') {
      mail.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
      reply('250 OK');
    } else if (verb === 'DATA') {
      dataLines = [];
      reply('354 End data with <CR><LF>.<CR><LF>');
    } else if (verb === 'RSET' || verb === 'NOOP') reply('250 OK');
    else if (verb === 'QUIT') {
      reply('221 Bye');
      socket.end();
    } else reply('502 Command not implemented');
  };

  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    let end = buffer.indexOf('\r\n');
    while (end >= 0) {
      onLine(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\r\n');
    }
  });
  socket.on('error', () => socket.destroy());
  reply('220 localhost test SMTP receiver');
}

/** A tiny SMTP server on 127.0.0.1 and a free port, keeping every message it receives. */
export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const messages: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    serve(socket, (mail) => {
      messages.push(mail);
      waiters.splice(0).forEach((wake) => wake());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitForMessages(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`${messages.length} of ${count} messages arrived`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return messages.slice(0, count);
    },
    close() {
      sockets.forEach((s) => s.destroy());
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
