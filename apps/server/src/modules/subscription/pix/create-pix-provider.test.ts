import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../platform/config/config';
import type { Scopes } from '../../../platform/tenancy';
import { createPixProvider } from './create-pix-provider';

const production = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a-production-secret-0123456789',
  JWT_REFRESH_SECRET: 'another-production-secret-0123',
};
// The providers only keep the scopes; nothing here reaches a database.
const noScopes = {} as Scopes;

describe('Pix provider configuration', () => {
  it('is the sandbox outside production and Efí in production', () => {
    expect(createPixProvider(loadConfig({ NODE_ENV: 'development' }), noScopes).name).toBe('sandbox');
    expect(createPixProvider(loadConfig({ NODE_ENV: 'test' }), noScopes).name).toBe('sandbox');
    expect(createPixProvider(loadConfig(production), noScopes).name).toBe('efi');
    expect(createPixProvider(loadConfig({ NODE_ENV: 'test', PIX_PROVIDER: 'efi' }), noScopes).name).toBe(
      'efi',
    );
  });

  it('refuses the sandbox in production, whose pay action would make invoices free', () => {
    expect(() => loadConfig({ ...production, PIX_PROVIDER: 'sandbox' })).toThrow(/PIX_PROVIDER=sandbox/);
  });

  it("points tests at a closed local port unless told, and honours Efí's homologation flag", () => {
    expect(loadConfig({ NODE_ENV: 'test' }).pix.efi.baseUrl).toBe('https://127.0.0.1:9');
    expect(loadConfig({ ...production, EFI_SANDBOX: 'on' }).pix.efi.baseUrl).toBe(
      'https://pix-h.api.efipay.com.br',
    );
    expect(loadConfig(production).pix.efi.baseUrl).toBe('https://pix.api.efipay.com.br');
    // A real provider has no default key: charges fail as a provider error until PIX_KEY is set.
    expect(loadConfig(production).pix.key).toBeUndefined();
  });
});
