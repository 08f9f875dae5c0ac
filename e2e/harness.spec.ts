import { describe, expect, it } from 'vitest';
import { appUrl, useBrowser } from './support/browser';
import { sql } from './support/db';

const browser = useBrowser();

describe('the e2e harness', () => {
  it('serves the built web app and the API from one server', async () => {
    const version = await fetch(appUrl('/version')).then((r) => r.json());
    expect(version).toMatchObject({ version: '6.0.0' });

    const page = await browser.newPage();
    const answer = await page.goto(appUrl('/'));
    expect(answer?.status()).toBe(200);
    await page.locator('#root > *').first().waitFor({ state: 'attached' });
  });

  it('reaches the migrated and seeded database', async () => {
    const rows = await sql<{ name: string }>('select name from companies where id = 1');
    expect(rows).toEqual([{ name: 'Empresa 1' }]);
  });
});
