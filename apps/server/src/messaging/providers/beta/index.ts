import type { Config } from '../../../platform/config/config';
import type { ProviderFactory } from '..';
import { BetaSession, type BetaDeps } from './beta-session';
import { baileysMediaDownloader, baileysSocketFactory } from './socket';

export { BetaSession, MAX_QR_CODES, type BetaDeps } from './beta-session';
export type { BetaSocket, SocketFactory } from './socket';

/** The beta adapter (WhatsApp Web through baileys); tests pass their own socket factory and downloader. */
export function betaProvider(
  config: Pick<Config, 'waWebVersion' | 'waWebSocketUrl'>,
  deps: Partial<BetaDeps> = {},
): ProviderFactory {
  const url = config.waWebSocketUrl ? { waWebSocketUrl: config.waWebSocketUrl } : {};
  const full: BetaDeps = {
    createSocket: deps.createSocket ?? baileysSocketFactory(config.waWebVersion, url),
    download: deps.download ?? baileysMediaDownloader,
  };
  return (context) => new BetaSession(context, full);
}
