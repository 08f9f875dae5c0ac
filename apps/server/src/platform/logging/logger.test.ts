import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { loggerOptions, safeUrl } from './logger';

const secrets = ['someone@example.com', 'ABCD2345', 'NewPassw0rd'];
const resetPath = `/resetpasswords/${secrets.join('/')}`;

describe('safeUrl', () => {
  it('keeps ordinary paths and drops query strings', () => {
    expect(safeUrl('/tickets/12?pageNumber=2&token=abc')).toBe('/tickets/12');
    expect(safeUrl('/')).toBe('/');
  });

  it('never shows the segments of the reset and forgot routes', () => {
    expect(safeUrl(resetPath)).toBe('/resetpasswords/[redacted]');
    expect(safeUrl('/forgetpassword/someone@example.com')).toBe('/forgetpassword/[redacted]');
    expect(safeUrl('/resetpasswords')).toBe('/resetpasswords');
  });

  it('redacts variants a router may still match: case, encoding, repeated slashes, query', () => {
    const variants = [
      resetPath.toUpperCase(),
      `/%72esetpasswords/${secrets.join('/')}`,
      `//resetpasswords//${secrets.join('/')}`,
      `${resetPath}?x=1`,
      `/resetpasswords;v=1/${secrets.join('/')}`,
      `/forgetpassword/someone%40example.com`,
    ];
    for (const url of variants) {
      const shown = safeUrl(url);
      for (const secret of secrets) expect(shown.toLowerCase()).not.toContain(secret.toLowerCase());
      expect(shown).not.toContain('someone%40example.com');
    }
  });

  it('is what the request serializer logs', () => {
    const request = { id: 'r1', method: 'POST', url: resetPath } as FastifyRequest;
    const logged = JSON.stringify(loggerOptions('info').serializers.req(request));
    for (const secret of secrets) expect(logged).not.toContain(secret);
    expect(logged).toContain('/resetpasswords/[redacted]');
  });
});
