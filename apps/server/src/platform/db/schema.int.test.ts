import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { APP_ROLE } from './database';
import { GENERATED_TYPES_FILE, generateSchemaTypes } from './type-generator';

// The schema itself under test, through a plain owner connection to the shared test database.
let pool: pg.Pool;
beforeAll(() => {
  pool = new pg.Pool({ connectionString: inject('databaseUrl'), max: 3 });
});
afterAll(() => pool.end());

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

async function insert(table: string, values: Record<string, unknown>, db: pg.ClientBase | pg.Pool = pool) {
  const keys = Object.keys(values);
  const params = keys.map((_, i) => `$${i + 1}`).join(', ');
  const { rows } = await db.query(
    `insert into ${table} (${keys.join(', ')}) values (${params}) returning id`,
    Object.values(values),
  );
  return rows[0].id as number;
}

async function count(sql: string, params: unknown[] = [], db: pg.ClientBase | pg.Pool = pool) {
  const { rows } = await db.query(`select count(*)::int as n from ${sql}`, params);
  return rows[0].n as number;
}

/** A company with one of each core row: queue, user, connection, contact, ticket, open cycle, message. */
async function buildWorld() {
  const tag = unique();
  const companyId = await insert('companies', { name: `Schema ${tag}` });
  const queueId = await insert('queues', { company_id: companyId, name: 'Sales', color: '#111111' });
  const userId = await insert('users', {
    company_id: companyId,
    name: 'Agent',
    email: `agent-${tag}@example.com`,
    password_hash: 'x',
  });
  await insert('user_queues', { company_id: companyId, user_id: userId, queue_id: queueId });
  const whatsappId = await insert('whatsapps', {
    company_id: companyId,
    name: 'Main',
    transfer_queue_id: queueId,
  });
  await insert('whatsapp_queues', { company_id: companyId, whatsapp_id: whatsappId, queue_id: queueId });
  await pool.query('update users set whatsapp_id = $1 where id = $2', [whatsappId, userId]);
  const contactId = await insert('contacts', {
    company_id: companyId,
    name: 'Customer',
    number: '5511999990000',
  });
  const ticketId = await insert('tickets', {
    company_id: companyId,
    contact_id: contactId,
    whatsapp_id: whatsappId,
    queue_id: queueId,
    user_id: userId,
    status: 'open',
  });
  const trackingId = await insert('ticket_tracking', {
    company_id: companyId,
    ticket_id: ticketId,
    whatsapp_id: whatsappId,
  });
  const messageId = await insert('messages', {
    company_id: companyId,
    ticket_id: ticketId,
    contact_id: contactId,
    whatsapp_id: whatsappId,
    wid: `wid-${tag}`,
    body: 'hello',
    origin: 'customer',
  });
  await insert('ticket_notes', {
    company_id: companyId,
    ticket_id: ticketId,
    contact_id: contactId,
    note: 'vip',
  });
  return { tag, companyId, queueId, userId, whatsappId, contactId, ticketId, trackingId, messageId };
}

/** Runs `fn` as the application role inside a transaction scoped to one company, then rolls back. */
async function asTenant<T>(companyId: number | null, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(`set local role ${APP_ROLE}`);
    if (companyId !== null) {
      await client.query(`select set_config('app.company_id', $1, true)`, [String(companyId)]);
    }
    return await fn(client);
  } finally {
    await client.query('rollback');
    client.release();
  }
}

describe('generated types', () => {
  it('match the migrated schema (run `npm run db:types` after adding a migration)', async () => {
    const committed = fs.readFileSync(new URL(GENERATED_TYPES_FILE, import.meta.url), 'utf8');
    const fresh = await generateSchemaTypes(pool);
    expect(fresh, 'schema/generated.ts is stale: run `npm run db:types`').toBe(committed);
  });
});

describe('migrations', () => {
  it('vacuum the tables they rewrite, so index-only scans skip the heap again', async () => {
    const { rows } = await pool.query<{ vacuumed: boolean }>(
      `select coalesce(last_vacuum, last_autovacuum) is not null as vacuumed
         from pg_stat_user_tables where relname = 'messages'`,
    );
    expect(rows).toEqual([{ vacuumed: true }]);
  });
});

describe('tenant tables', () => {
  // Tables with a company_id that are not tenant data: global announcements (company_id = author) and mail
  // kept for the operator (sign-up mails exist before any company).
  const NOT_TENANT = ['announcements', 'mail_outbox'];
  // Indexes that cannot lead with company_id: keys global by design, and sweeps of every company by a job.
  const GLOBAL_INDEXES = [
    'users_email_key', // one login e-mail across companies
    'whatsapps_token_key', // the API token alone names the connection and its company
    'invoices_txid_key', // the payment webhook finds the invoice before it knows the company
    'invoice_pix_charges_txid_key', // likewise for every charge issued for an invoice
    'pix_sandbox_charges_txid_key', // the sandbox bank's own charges, found by txid as a bank would
    'schedules_due_idx',
    'campaigns_due_idx',
    'campaigns_running_idx', // the dispatch sweep looks for running campaigns of every company
    'bot_turns_due_idx', // the bot worker claims due turns of every company
    'outbox_due_idx',
    'outbox_lane_idx', // the send worker's next row of a connection, whichever company owns it
    'messages_search_keys_idx', // its keys are the company's own (search_trigram_keys hashes the company in)
  ];

  it('have company_id not null, forced row-level security and a policy', async () => {
    const { rows } = await pool.query<{
      table: string;
      notNull: boolean;
      rls: boolean;
      forced: boolean;
      policies: number;
    }>(
      `select c.relname as table, a.attnotnull as "notNull", c.relrowsecurity as rls,
              c.relforcerowsecurity as forced,
              (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies
         from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
         join pg_attribute a on a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped
        where n.nspname = 'public' and c.relkind in ('r', 'p')
        order by c.relname`,
    );
    const tenant = rows.filter((r) => !NOT_TENANT.includes(r.table));
    expect(tenant.map((r) => r.table)).toEqual(expect.arrayContaining(['tickets', 'messages', 'outbox']));
    expect(rows.map((r) => r.table)).toEqual(expect.arrayContaining(NOT_TENANT));
    const broken = tenant.filter((r) => !r.notNull || !r.rls || !r.forced || r.policies === 0);
    expect(broken).toEqual([]);
  });

  it('read the company once per statement in every policy, not once per row', async () => {
    const { rows } = await pool.query<{ policy: string; perRow: boolean }>(
      `select polname as policy,
              pg_get_expr(polqual, polrelid) !~* '= \\( *select' or pg_get_expr(polwithcheck, polrelid) !~* '= \\( *select'
                as "perRow"
         from pg_policy`,
    );
    expect(rows.length).toBeGreaterThan(40);
    expect(rows.filter((r) => r.perRow).map((r) => r.policy)).toEqual([]);
  });

  it('index with company_id first, except the listed global keys and sweeps', async () => {
    const { rows } = await pool.query<{ index: string; table: string; leads: boolean }>(
      `select i.relname as index, t.relname as table, ix.indkey[0] = a.attnum as leads
         from pg_index ix
         join pg_class i on i.oid = ix.indexrelid
         join pg_class t on t.oid = ix.indrelid
         join pg_namespace n on n.oid = t.relnamespace
         join pg_attribute a on a.attrelid = t.oid and a.attname = 'company_id' and not a.attisdropped
        where n.nspname = 'public' and not ix.indisprimary`,
    );
    const offenders = rows
      .filter((r) => !r.leads && !NOT_TENANT.includes(r.table) && !GLOBAL_INDEXES.includes(r.index))
      .map((r) => r.index);
    expect(offenders).toEqual([]);
    // The exception list names real indexes, so it cannot silently outlive them.
    expect(rows.filter((r) => GLOBAL_INDEXES.includes(r.index)).map((r) => r.index)).toHaveLength(
      GLOBAL_INDEXES.length,
    );
  });
});

describe('row-level security for the application role', () => {
  it("hides another company's rows and refuses writes into it", async () => {
    const a = await buildWorld();
    const b = await buildWorld();
    await asTenant(a.companyId, async (client) => {
      const { rows } = await client.query('select id from contacts where id = any($1) order by id', [
        [a.contactId, b.contactId],
      ]);
      expect(rows.map((r) => r.id)).toEqual([a.contactId]);
      expect(await count('tickets where id = $1', [a.ticketId], client)).toBe(1);
      expect(await count('tickets where id = $1', [b.ticketId], client)).toBe(0);
      expect(await count('messages where company_id = $1', [b.companyId], client)).toBe(0);
      expect(await count('companies where id = $1', [b.companyId], client)).toBe(0);
      const updated = await client.query(`update contacts set name = 'stolen' where id = $1`, [b.contactId]);
      expect(updated.rowCount).toBe(0);
    });
    await asTenant(a.companyId, async (client) => {
      await expect(
        insert('contacts', { company_id: b.companyId, name: 'Intruder', number: '5511000000000' }, client),
      ).rejects.toMatchObject({ code: '42501', message: expect.stringContaining('row-level security') });
    });
    await asTenant(a.companyId, async (client) => {
      // Moving an own row into another company is refused too.
      await expect(
        client.query('update contacts set company_id = $1 where id = $2', [b.companyId, a.contactId]),
      ).rejects.toMatchObject({ code: '42501', message: expect.stringContaining('row-level security') });
    });
  });

  it("shows no other company's rows in any tenant table", async () => {
    const a = await buildWorld();
    await buildWorld();
    const { rows } = await pool.query<{ table: string }>(
      `select c.relname as table from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
         join pg_attribute a on a.attrelid = c.oid and a.attname = 'company_id' and a.attnotnull
        where n.nspname = 'public' and c.relkind in ('r', 'p')`,
    );
    expect(rows.length).toBeGreaterThan(30);
    await asTenant(a.companyId, async (client) => {
      for (const { table } of rows) {
        expect({
          table,
          foreign: await count(`${table} where company_id <> $1`, [a.companyId], client),
        }).toEqual({
          table,
          foreign: 0,
        });
      }
    });
  });

  it('shows nothing when no company is set (fail closed)', async () => {
    const a = await buildWorld();
    await asTenant(null, async (client) => {
      expect(await count('contacts where id = $1', [a.contactId], client)).toBe(0);
      expect(await count('users where id = $1', [a.userId], client)).toBe(0);
    });
  });
});

describe('unique keys', () => {
  const refuses = (promise: Promise<unknown>, constraint: string) =>
    expect(promise).rejects.toMatchObject({ code: '23505', constraint });

  it('refuse a user e-mail used in any company, whatever its case', async () => {
    const a = await buildWorld();
    const b = await buildWorld();
    await refuses(
      insert('users', {
        company_id: b.companyId,
        name: 'Copy',
        email: `AGENT-${a.tag}@Example.COM`,
        password_hash: 'x',
      }),
      'users_email_key',
    );
  });

  it('refuse a queue name or colour twice in a company, but not across companies', async () => {
    const a = await buildWorld();
    const b = await buildWorld();
    await refuses(
      insert('queues', { company_id: a.companyId, name: 'SALES', color: '#222222' }),
      'queues_company_name_key',
    );
    await refuses(
      insert('queues', { company_id: a.companyId, name: 'Support', color: '#111111' }),
      'queues_company_color_key',
    );
    expect(
      await insert('queues', { company_id: b.companyId, name: 'Support', color: '#222222' }),
    ).toBeGreaterThan(0);
  });

  it('refuse a contact number twice in a company', async () => {
    const a = await buildWorld();
    await refuses(
      insert('contacts', { company_id: a.companyId, name: 'Twin', number: '5511999990000' }),
      'contacts_company_id_number_key',
    );
  });

  it('refuse a message wid twice on a connection, but not on another connection', async () => {
    const a = await buildWorld();
    const message = {
      company_id: a.companyId,
      ticket_id: a.ticketId,
      wid: `wid-${a.tag}`,
      origin: 'customer',
    };
    await refuses(
      insert('messages', { ...message, whatsapp_id: a.whatsappId }),
      'messages_company_whatsapp_wid_key',
    );
    const other = await insert('whatsapps', { company_id: a.companyId, name: 'Second' });
    expect(await insert('messages', { ...message, whatsapp_id: other })).toBeGreaterThan(0);
  });

  it('refuse a second ticket for the same contact and connection', async () => {
    const a = await buildWorld();
    await refuses(
      insert('tickets', { company_id: a.companyId, contact_id: a.contactId, whatsapp_id: a.whatsappId }),
      'tickets_company_contact_whatsapp_key',
    );
  });

  it('refuse a second open cycle for a ticket, but keep any number of finished ones', async () => {
    const a = await buildWorld();
    await refuses(
      insert('ticket_tracking', { company_id: a.companyId, ticket_id: a.ticketId }),
      'ticket_tracking_one_open_key',
    );
    const finished = { company_id: a.companyId, ticket_id: a.ticketId, finished_at: new Date() };
    await insert('ticket_tracking', finished);
    expect(await insert('ticket_tracking', finished)).toBeGreaterThan(0);
  });

  it('refuse a second shipping row for a campaign and list item', async () => {
    const a = await buildWorld();
    const listId = await insert('contact_lists', { company_id: a.companyId, name: 'Leads' });
    const itemId = await insert('contact_list_items', {
      company_id: a.companyId,
      contact_list_id: listId,
      number: '5511988887777',
    });
    await refuses(
      insert('contact_list_items', {
        company_id: a.companyId,
        contact_list_id: listId,
        number: '5511988887777',
      }),
      'contact_list_items_company_id_contact_list_id_number_key',
    );
    const campaignId = await insert('campaigns', {
      company_id: a.companyId,
      name: 'Promo',
      contact_list_id: listId,
    });
    const shipping = {
      company_id: a.companyId,
      campaign_id: campaignId,
      contact_list_item_id: itemId,
      number: '1',
    };
    await insert('campaign_shipping', shipping);
    await refuses(insert('campaign_shipping', shipping), 'campaign_shipping_campaign_item_key');
  });
});

describe('deletes', () => {
  it('of a contact take its tickets, messages, notes and cycles along', async () => {
    const a = await buildWorld();
    await pool.query('delete from contacts where id = $1', [a.contactId]);
    expect(await count('tickets where id = $1', [a.ticketId])).toBe(0);
    expect(await count('messages where id = $1', [a.messageId])).toBe(0);
    expect(await count('ticket_tracking where id = $1', [a.trackingId])).toBe(0);
    expect(await count('ticket_notes where ticket_id = $1', [a.ticketId])).toBe(0);
  });

  it('of connections keep their tickets and messages, without a connection', async () => {
    const a = await buildWorld();
    // A second ticket of the same contact on another connection: both end up with a null connection.
    const other = await insert('whatsapps', { company_id: a.companyId, name: 'Other' });
    const secondTicket = await insert('tickets', {
      company_id: a.companyId,
      contact_id: a.contactId,
      whatsapp_id: other,
    });
    await pool.query('delete from whatsapps where id = any($1)', [[a.whatsappId, other]]);
    const { rows } = await pool.query(
      'select id, company_id, whatsapp_id from tickets where id = any($1) order by id',
      [[a.ticketId, secondTicket]],
    );
    expect(rows).toEqual([
      { id: a.ticketId, company_id: a.companyId, whatsapp_id: null },
      { id: secondTicket, company_id: a.companyId, whatsapp_id: null },
    ]);
    expect(await count('messages where id = $1 and whatsapp_id is null', [a.messageId])).toBe(1);
    expect(await count('users where id = $1 and whatsapp_id is null', [a.userId])).toBe(1);
  });

  it('of a queue clear it from tickets, users and connections', async () => {
    const a = await buildWorld();
    await pool.query('delete from queues where id = $1', [a.queueId]);
    expect(await count('tickets where id = $1 and queue_id is null', [a.ticketId])).toBe(1);
    expect(await count('user_queues where user_id = $1', [a.userId])).toBe(0);
    expect(await count('whatsapp_queues where whatsapp_id = $1', [a.whatsappId])).toBe(0);
    expect(await count('whatsapps where id = $1 and transfer_queue_id is null', [a.whatsappId])).toBe(1);
  });
});
