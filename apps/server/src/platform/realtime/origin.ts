/** The origin (scheme, host, port) of a URL, or null when it is not one (e.g. the literal "null"). */
function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.origin === 'null' ? null : url.origin;
  } catch {
    return null;
  }
}

/**
 * Whether a socket handshake may proceed. Browsers always send Origin, so a request without one is a
 * server-side client (tests, tools). A browser may connect only from the web app or from this very host.
 */
export function isAllowedOrigin(
  origin: string | undefined,
  host: string | undefined,
  frontendUrl: string,
): boolean {
  if (origin === undefined) return true;
  const requested = originOf(origin);
  if (!requested) return false;
  if (requested === originOf(frontendUrl)) return true;
  return host !== undefined && new URL(requested).host === host.toLowerCase();
}
