/** Paths whose trailing slash means something: the API docs' UI serves its index and assets under `/docs/`. */
const KEPT_PREFIXES = ['/docs'];

/**
 * The request URL without the trailing slash(es) of its path: the spec writes many paths with one (`GET /users/`,
 * `/whatsapp/?session=0`), and every route answers the same with or without it. Done before routing, so `/users/`
 * is never read as `/users/:id` with an empty id, and routes and their docs keep one spelling each.
 */
export function withoutTrailingSlash(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (path.length <= 1 || !path.endsWith('/') || KEPT_PREFIXES.some((prefix) => path.startsWith(prefix))) {
    return url;
  }
  const trimmed = path.replace(/\/+$/, '') || '/';
  return queryAt === -1 ? trimmed : `${trimmed}${url.slice(queryAt)}`;
}
