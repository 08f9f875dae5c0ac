import { describe, expect, it } from 'vitest';
import { withoutTrailingSlash } from './trailing-slash';

describe('withoutTrailingSlash', () => {
  it("drops a path's trailing slashes and keeps its query", () => {
    expect(withoutTrailingSlash('/users/')).toBe('/users');
    expect(withoutTrailingSlash('/whatsapp/?session=0')).toBe('/whatsapp?session=0');
    expect(withoutTrailingSlash('/tags//?a=/b/')).toBe('/tags?a=/b/');
    expect(withoutTrailingSlash('/tags/7/')).toBe('/tags/7');
  });

  it('leaves the root, paths without one and the API docs as they are', () => {
    expect(withoutTrailingSlash('/')).toBe('/');
    expect(withoutTrailingSlash('/?x=1')).toBe('/?x=1');
    expect(withoutTrailingSlash('/users?x=/')).toBe('/users?x=/');
    expect(withoutTrailingSlash('/docs/')).toBe('/docs/');
  });
});
