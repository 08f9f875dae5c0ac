/** Reads the `exp` claim (seconds) of a JWT without verifying it; null when absent or unreadable. */
export function jwtExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(json);
    if (typeof claims === 'object' && claims !== null && 'exp' in claims && typeof claims.exp === 'number') {
      return claims.exp;
    }
    return null;
  } catch {
    return null;
  }
}

export function isJwtExpired(token: string, now: number = Date.now()): boolean {
  const exp = jwtExpiry(token);
  return exp !== null && exp * 1000 <= now;
}
