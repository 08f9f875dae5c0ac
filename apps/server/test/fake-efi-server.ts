import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { generate } from 'selfsigned';

/** PEM files of a local fake Efí: its server certificate, and the client certificate it requires. */
export interface EfiCertificates {
  dir: string;
  /** The server's certificate, for the client to trust (EFI_CA_FILE). */
  serverCaFile: string;
  /** The client's certificate and key in one PEM (EFI_CERTIFICATE). */
  clientCertificateFile: string;
  /** Another client certificate the fake does not know. */
  strangerCertificateFile: string;
}

export interface EfiCall {
  method: string;
  path: string;
  body: unknown;
  /** The subject of the client certificate presented (mutual TLS). */
  clientCertificate: string;
}

interface Cob {
  txid: string;
  status: 'ATIVA' | 'CONCLUIDA';
  calendario: { criacao: string; expiracao: number };
  valor: { original: string };
  chave: string;
  solicitacaoPagador: string;
  loc: { id: number; location: string; tipoCob: 'cob' };
  pixCopiaECola: string;
  pix?: Array<{ endToEndId: string; txid: string; valor: string; horario: string }>;
}

async function selfSigned(commonName: string, client: boolean) {
  return generate([{ name: 'commonName', value: commonName }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', digitalSignature: true, keyCertSign: true },
      { name: 'extKeyUsage', serverAuth: !client, clientAuth: client },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
    ],
  });
}

/** Generates fresh self-signed certificates for one test file. */
export async function generateEfiCertificates(): Promise<
  EfiCertificates & { server: { key: string; cert: string }; clientCert: string }
> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zapdesk-efi-'));
  const [server, client, stranger] = await Promise.all([
    selfSigned('127.0.0.1', false),
    selfSigned('zapdesk-efi-client', true),
    selfSigned('stranger-client', true),
  ]);
  const write = (name: string, content: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, content, { mode: 0o600 });
    return file;
  };
  return {
    dir,
    serverCaFile: write('server-ca.pem', server.cert),
    clientCertificateFile: write('client.pem', `${client.cert}\n${client.private}`),
    strangerCertificateFile: write('stranger.pem', `${stranger.cert}\n${stranger.private}`),
    server: { key: server.private, cert: server.cert },
    clientCert: client.cert,
  };
}

/**
 * A local fake of Efí Bank's Pix API over HTTPS with mutual TLS: OAuth client credentials, `cob`, `loc` QR codes
 * and webhook registration. Tests pay its charges with `pay`.
 */
export class FakeEfiServer {
  readonly calls: EfiCall[] = [];
  readonly webhooks = new Map<string, string>();
  readonly #charges = new Map<string, Cob>();
  readonly #tokens = new Set<string>();
  #locs = 0;
  #server: https.Server | undefined;
  url = '';

  constructor(
    private readonly certificates: Awaited<ReturnType<typeof generateEfiCertificates>>,
    readonly credentials = { clientId: 'Client_Id_test', clientSecret: 'Client_Secret_test' },
  ) {}

  async start(): Promise<string> {
    this.#server = https.createServer(
      {
        key: this.certificates.server.key,
        cert: this.certificates.server.cert,
        ca: this.certificates.clientCert,
        requestCert: true,
        rejectUnauthorized: true,
      },
      (request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const body: unknown = text ? JSON.parse(text) : undefined;
          const peer = (request.socket as TLSSocket).getPeerCertificate();
          this.calls.push({
            method: request.method ?? '',
            path: request.url ?? '',
            body,
            clientCertificate: String(peer.subject?.CN ?? ''),
          });
          const [status, answer] = this.handle(
            request.method ?? '',
            request.url ?? '',
            request.headers,
            body,
          );
          response.writeHead(status, { 'content-type': 'application/json' });
          response.end(JSON.stringify(answer));
        });
      },
    );
    await new Promise<void>((resolve) => this.#server?.listen(0, '127.0.0.1', resolve));
    this.url = `https://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    fs.rmSync(this.certificates.dir, { recursive: true, force: true });
  }

  /** The payer pays the charge (its own amount by default). */
  pay(txid: string, valor?: string): void {
    const cob = this.#charges.get(txid);
    if (!cob) throw new Error(`no charge ${txid}`);
    cob.status = 'CONCLUIDA';
    cob.pix = [
      {
        endToEndId: `E1803615${Date.now()}`,
        txid,
        valor: valor ?? cob.valor.original,
        horario: new Date().toISOString(),
      },
    ];
  }

  charge(txid: string): Cob | undefined {
    return this.#charges.get(txid);
  }

  private handle(
    method: string,
    url: string,
    headers: NodeJS.Dict<string | string[]>,
    body: unknown,
  ): [number, unknown] {
    const auth = String(headers.authorization ?? '');
    if (method === 'POST' && url === '/oauth/token') {
      const expected = Buffer.from(`${this.credentials.clientId}:${this.credentials.clientSecret}`).toString(
        'base64',
      );
      const grant = (body as { grant_type?: string } | undefined)?.grant_type;
      if (auth !== `Basic ${expected}` || grant !== 'client_credentials')
        return [401, { error: 'invalid_client' }];
      const token = `token-${this.#tokens.size + 1}`;
      this.#tokens.add(token);
      return [
        200,
        { access_token: token, token_type: 'Bearer', expires_in: 3600, scope: 'cob.write cob.read' },
      ];
    }
    if (!this.#tokens.has(auth.replace(/^Bearer /, ''))) return [401, { nome: 'nao_autorizado' }];
    let match = /^\/v2\/cob\/([A-Za-z0-9]{26,35})$/.exec(url);
    if (match && method === 'PUT') return this.createCob(match[1] ?? '', body as Partial<Cob>);
    if (match && method === 'GET') {
      const cob = this.#charges.get(match[1] ?? '');
      return cob ? [200, cob] : [404, { nome: 'cobranca_nao_encontrada' }];
    }
    match = /^\/v2\/loc\/(\d+)\/qrcode$/.exec(url);
    if (match && method === 'GET') {
      const cob = [...this.#charges.values()].find((c) => c.loc.id === Number(match?.[1]));
      if (!cob) return [404, { nome: 'location_nao_encontrada' }];
      return [
        200,
        { qrcode: cob.pixCopiaECola, imagemQrcode: 'data:image/png;base64,ZmFrZQ==', linkVisualizacao: '' },
      ];
    }
    match = /^\/v2\/webhook\/(.+)$/.exec(url);
    if (match && method === 'PUT') {
      const webhookUrl = (body as { webhookUrl?: unknown } | undefined)?.webhookUrl;
      if (typeof webhookUrl !== 'string') return [400, { nome: 'json_invalido' }];
      this.webhooks.set(decodeURIComponent(match[1] ?? ''), webhookUrl);
      return [200, { webhookUrl }];
    }
    return [404, { nome: 'not_found' }];
  }

  private createCob(txid: string, body: Partial<Cob>): [number, unknown] {
    const original = body.valor?.original ?? '';
    if (!/^\d+\.\d{2}$/.test(original) || !body.chave || typeof body.calendario?.expiracao !== 'number') {
      return [400, { nome: 'json_invalido' }];
    }
    const id = ++this.#locs;
    const cob: Cob = {
      txid,
      status: 'ATIVA',
      calendario: { criacao: new Date().toISOString(), expiracao: body.calendario.expiracao },
      valor: { original },
      chave: body.chave,
      solicitacaoPagador: body.solicitacaoPagador ?? '',
      loc: { id, location: `pix.example.com/qr/v2/${txid}`, tipoCob: 'cob' },
      pixCopiaECola: `00020101021226830014BR.GOV.BCB.PIX2561pix.example.com/qr/v2/${txid}5204000053039865802BR6304ABCD`,
    };
    this.#charges.set(txid, cob);
    return [201, cob];
  }
}
