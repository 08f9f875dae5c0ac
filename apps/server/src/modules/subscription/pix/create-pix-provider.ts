import type { Config } from '../../../platform/config/config';
import type { Scopes } from '../../../platform/tenancy';
import { EfiClient } from './efi-client';
import { EfiPixProvider } from './efi-pix-provider';
import type { PixProvider } from './pix-provider';
import { SandboxPixProvider } from './sandbox-pix-provider';

/** The configured Pix provider: `sandbox` outside production unless told otherwise, else Efí. */
export function createPixProvider(config: Config, scopes: Scopes): PixProvider {
  if (config.pix.provider === 'efi') return new EfiPixProvider(new EfiClient(config.pix.efi), config.pix.key);
  return new SandboxPixProvider(scopes, {
    pixKey: config.pix.key ?? 'pix@zapdesk.local',
    merchantName: config.pix.merchantName,
    merchantCity: config.pix.merchantCity,
  });
}
