// A company's whole service history arranged in set-based SQL (generate_series, INSERT … SELECT) on the
// superuser pool: contacts, connections, queues, tags, tickets in every status, attendance cycles with ratings,
// and messages over 90 days. Pseudo-random choices come from hashint4(row number, salt), so two runs of the same
// sizes give the same shapes (ids and times aside).
import type pg from 'pg';
import { createCompanyWithUsers, type BenchCompany } from './data';

export interface TicketDatasetSizes {
  users: number;
  contacts: number;
  /** At most contacts × connections: a ticket is unique per (contact, connection). */
  tickets: number;
  /** Spread over the tickets, plus `longTicketMessages` on the first ticket. */
  messages: number;
  longTicketMessages: number;
  connections: number;
}

export interface TicketDataset extends BenchCompany {
  userIds: number[];
  queueIds: number[];
  /** The ticket holding `longTicketMessages` messages (open, assigned to the first user). */
  longTicketId: number;
}

/** How often each of the message vocabulary's products appears: in 1 message of this many. */
export const PRODUCT_EVERY = 200;
/** Products named in message bodies; each one is in about messages / PRODUCT_EVERY messages. */
export const products = [
  'cafeteira',
  'geladeira',
  'fogão',
  'televisão',
  'micro-ondas',
  'liquidificador',
  'ventilador',
  'aspirador',
  'notebook',
  'impressora',
  'máquina de lavar',
  'ar-condicionado',
  'batedeira',
  'sanduicheira',
  'torradeira',
  'chaleira',
  'panela elétrica',
  'fritadeira',
  'purificador',
  'secadora',
  'cortador de grama',
  'furadeira',
  'monitor',
  'teclado',
  'roteador',
  'caixa de som',
  'fone de ouvido',
  'smartwatch',
  'tablet',
  'celular',
  'carregador',
  'câmera',
  'projetor',
  'colchão',
  'sofá',
  'cadeira',
  'escrivaninha',
  'estante',
  'guarda-roupa',
  'bicicleta',
];
const openers = [
  'Olá',
  'Bom dia',
  'Boa tarde',
  'Boa noite',
  'Oi',
  'Prezados',
  'Oi, tudo bem?',
  'Olá, boa tarde',
  'Obrigado pelo retorno',
  'Certo',
  'Entendi',
  'Perfeito',
];
const middles = [
  'gostaria de saber o prazo de entrega',
  'meu pedido ainda não chegou',
  'preciso da segunda via do boleto',
  'qual o horário de atendimento?',
  'quero trocar o produto',
  'o pagamento foi aprovado?',
  'pode me enviar a nota fiscal',
  'o código de rastreio não funciona',
  'quero cancelar a compra',
  'vocês entregam no sábado?',
  'tem desconto à vista?',
  'aceitam cartão de crédito?',
  'a garantia cobre esse defeito?',
  'chegou com a embalagem danificada',
  'qual o endereço da loja?',
  'vou aguardar o contato',
  'já fiz a transferência',
  'segue o comprovante',
  'o técnico não apareceu',
  'preciso remarcar a visita',
  'consegue verificar para mim?',
  'estou sem resposta há dias',
  'o valor do frete está alto',
  'posso retirar na loja?',
  'não recebi o e-mail de confirmação',
  'o produto veio diferente do anúncio',
  'quanto tempo demora o reembolso?',
  'vocês têm em estoque?',
  'quero atualizar meu endereço',
  'a instalação está incluída?',
  'o atendente anterior disse outra coisa',
  'preciso de ajuda com a configuração',
  'a peça de reposição chegou?',
  'qual a voltagem?',
  'tem outras cores disponíveis?',
  'funciona em 220 volts?',
  'quero falar com o gerente',
  'obrigado pela ajuda',
  'ficou resolvido',
  'vou testar e aviso',
];
const closers = [
  'obrigado',
  'aguardo',
  'até mais',
  'att',
  'grato',
  'valeu',
  'abraços',
  'por favor',
  'fico no aguardo',
  'bom trabalho',
  '',
  '',
  '',
  '',
  '',
];
const firstNames = [
  'Ana',
  'João',
  'Maria',
  'José',
  'Francisca',
  'Antônio',
  'Adriana',
  'Carlos',
  'Juliana',
  'Paulo',
  'Márcia',
  'Lucas',
  'Fernanda',
  'Rafael',
  'Patrícia',
  'Marcos',
  'Aline',
  'Bruno',
  'Camila',
  'Diego',
  'Érica',
  'Fábio',
  'Gabriela',
  'Hugo',
  'Inês',
  'Jéssica',
  'Léo',
  'Mônica',
  'Otávio',
  'Simone',
];
const lastNames = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Ribeiro',
  'Carvalho',
  'Araújo',
  'Conceição',
  'Gonçalves',
  'Barbosa',
  'Melo',
  'Cardoso',
  'Rocha',
  'Dias',
];

/** `hashint4(n * 977 + salt)` folded into [0, mod): a fixed pseudo-random pick per row and purpose. */
const pick = (n: string, salt: number, mod: number) =>
  `((hashint4(((${n}) * 977 + ${salt})::int)::bigint + 2147483648) % ${mod})::int`;

/** Creates a company with the given sizes; answers what the measured requests need. */
export async function createTicketDataset(db: pg.Pool, sizes: TicketDatasetSizes): Promise<TicketDataset> {
  if (sizes.tickets > sizes.contacts * sizes.connections) {
    throw new Error('a ticket is unique per contact and connection: add contacts or connections');
  }
  const company = await createCompanyWithUsers(db, sizes.users);
  const c = company.companyId;
  const client = await db.connect();
  try {
    await client.query('begin');
    // The rows are consistent by construction: skip the foreign-key triggers of a million inserts.
    await client.query(`set local session_replication_role = replica`);
    const userIds = (
      await client.query<{ id: number }>(
        `select id from users where company_id = $1 and profile = 'user' order by id`,
        [c],
      )
    ).rows.map((r) => r.id);
    const queueIds = (
      await client.query<{ id: number }>(
        `insert into queues (company_id, name, color, order_queue)
         select $1, q.name, q.color, q.n
           from unnest($2::text[], $3::text[]) with ordinality q(name, color, n)
         returning id`,
        [
          c,
          ['Vendas', 'Suporte', 'Financeiro', 'Entregas', 'Pós-venda'],
          ['#1E88E5', '#43A047', '#FB8C00', '#8E24AA', '#E53935'],
        ],
      )
    ).rows.map((r) => r.id);
    // Every agent works in two neighbouring queues.
    await client.query(
      `insert into user_queues (company_id, user_id, queue_id)
       select $1, u.id, ($3::int[])[1 + (u.n + k) % cardinality($3::int[])]
         from unnest($2::int[]) with ordinality u(id, n), generate_series(0, 1) k`,
      [c, userIds, queueIds],
    );
    const whatsappIds = (
      await client.query<{ id: number }>(
        `insert into whatsapps (company_id, name, status, provider, is_default)
         select $1, 'Bench line ' || g, 'DISCONNECTED', 'simulator', g = 1 from generate_series(1, $2::int) g
         returning id`,
        [c, sizes.connections],
      )
    ).rows.map((r) => r.id);
    const tagIds = (
      await client.query<{ id: number }>(
        `insert into tags (company_id, name, color)
         select $1, 'Etiqueta ' || g, '#A4CCCC' from generate_series(1, 10) g returning id`,
        [c],
      )
    ).rows.map((r) => r.id);

    await client.query(
      `insert into contacts (company_id, name, number, email, created_at)
       select $1,
              ($2::text[])[1 + ${pick('g', 1, firstNames.length)}] || ' ' ||
                ($3::text[])[1 + ${pick('g', 2, lastNames.length)}],
              '55' || (11 + g % 89) || '9' || lpad(g::text, 8, '0'),
              case when g % 3 = 0 then 'cliente' || g || '@mail.test' else '' end,
              now() - ${pick('g', 3, 90 * 24 * 60)} * interval '1 minute'
         from generate_series(0, $4::int - 1) g`,
      [c, firstNames, lastNames, sizes.contacts],
    );

    // Ticket n: contact n % contacts on connection n / contacts; 80 % closed, 12 % open, 8 % pending.
    await client.query(`
      create temp table bench_tickets on commit drop as
      select g as n, ${pick('g', 10, 100)} as roll
        from generate_series(0, ${sizes.tickets - 1}) g`);
    await client.query(
      `insert into tickets (company_id, status, contact_id, whatsapp_id, user_id, queue_id, last_message,
                            unread_messages, from_me, created_at, updated_at)
       select $1, s.status, ct.id, ($2::int[])[1 + t.n / $5::int],
              case when s.status = 'pending' then null else ($3::int[])[1 + ${pick('t.n', 11, userIds.length)}] end,
              case when ${pick('t.n', 12, 10)} = 0 then null else ($4::int[])[1 + ${pick('t.n', 13, queueIds.length)}] end,
              'Mensagem ' || t.n,
              case when s.status = 'closed' then 0 else ${pick('t.n', 14, 4)} end,
              t.n % 2 = 0,
              s.updated_at - ${pick('t.n', 15, 30 * 24 * 60)} * interval '1 minute',
              s.updated_at
         from bench_tickets t
         cross join lateral (
           select case when t.roll < 80 then 'closed' when t.roll < 92 then 'open' else 'pending' end as status,
                  now() - case when t.roll < 80 then ${pick('t.n', 16, 90 * 24 * 60)}
                               else ${pick('t.n', 16, 3 * 24 * 60)} end * interval '1 minute' as updated_at
         ) s
         join (select id, row_number() over (order by id) - 1 as n from contacts where company_id = $1) ct
           on ct.n = t.n % $5::int
        order by t.n`,
      [c, whatsappIds, userIds, queueIds, sizes.contacts],
    );
    await client.query(
      `create temp table bench_ticket_rows on commit drop as
       select id, row_number() over (order by id) - 1 as n, status, contact_id, whatsapp_id, user_id, queue_id,
              updated_at
         from tickets where company_id = $1`,
      [c],
    );
    await client.query(`create index on bench_ticket_rows (n); analyze bench_ticket_rows;`);
    // The long ticket is open and belongs to the first agent.
    const long = await client.query<{ id: number }>(
      `update tickets set status = 'open', user_id = $1, queue_id = $2, unread_messages = 0, updated_at = now()
        where id = (select id from bench_ticket_rows where n = 0) returning id`,
      [userIds[0], queueIds[0]],
    );
    await client.query(
      `update bench_ticket_rows set status = 'open', user_id = $1, queue_id = $2, updated_at = now() where n = 0`,
      [userIds[0], queueIds[0]],
    );

    await client.query(
      `insert into ticket_tags (company_id, ticket_id, tag_id)
       select $1, t.id, ($2::int[])[1 + (${pick('t.n', 20, 10)} + k) % 10]
         from bench_ticket_rows t, generate_series(0, 1) k
        where ${pick('t.n', 21, 10)} < case when k = 0 then 3 else 1 end`,
      [c, tagIds],
    );

    // 1 to 3 cycles per ticket, one day apart, the last one current unless the ticket is closed; a third of
    // the finished cycles rated. Their triggers run (contacts' first cycle, the dashboard's hour totals).
    await client.query(`set local session_replication_role = origin`);
    await client.query(
      `insert into ticket_tracking (company_id, ticket_id, user_id, queue_id, whatsapp_id, queued_at, started_at,
                                    finished_at, rating_at, rated)
       select $1, t.id, case when t.status = 'pending' then null else t.user_id end, t.queue_id, t.whatsapp_id,
              q.queued_at,
              case when t.status = 'pending' and q.last then null
                   else q.queued_at + ${pick('t.n * 3 + k', 31, 40)} * interval '1 minute' end,
              case when t.status <> 'closed' and q.last then null
                   else q.queued_at + (40 + ${pick('t.n * 3 + k', 32, 120)}) * interval '1 minute' end,
              case when (t.status = 'closed' or not q.last) and ${pick('t.n * 3 + k', 33, 3)} = 0
                   then q.queued_at + 170 * interval '1 minute' end,
              (t.status = 'closed' or not q.last) and ${pick('t.n * 3 + k', 33, 3)} = 0
         from bench_ticket_rows t
         cross join lateral generate_series(0, ${pick('t.n', 30, 3)}) k
         cross join lateral (
           select k = ${pick('t.n', 30, 3)} as last,
                  t.updated_at - (${pick('t.n', 30, 3)} - k) * interval '1 day' - interval '3 hours' as queued_at
         ) q
        order by t.n, k`,
      [c],
    );
    await client.query(
      `insert into user_ratings (company_id, rate, tracking_id, ticket_id, user_id, created_at)
       select $1, 1 + tt.id % 3, tt.id, tt.ticket_id, tt.user_id, tt.rating_at
         from ticket_tracking tt where tt.company_id = $1 and tt.rated`,
      [c],
    );
    await client.query(`set local session_replication_role = replica`);

    // Messages k = 0, 1, … of each ticket alternate customer and agent, 7 minutes apart, ending at its last
    // activity; ids follow time across tickets, as live traffic interleaves them.
    const perTicket = Math.max(1, Math.round(sizes.messages / sizes.tickets));
    await insertMessages(client, c, {
      from: `generate_series(0, ${sizes.messages - 1}) g
             join bench_ticket_rows t on t.n = g % ${sizes.tickets}`,
      k: `g / ${sizes.tickets}`,
      count: String(perTicket),
    });
    await insertMessages(client, c, {
      from: `generate_series(0, ${sizes.longTicketMessages - 1}) g
             join bench_ticket_rows t on t.n = 0`,
      k: `g + ${perTicket}`,
      count: String(sizes.longTicketMessages + perTicket),
      offset: sizes.messages,
    });
    // The list tabs' counts, as the tickets' triggers keep them (migration 2026112281): they did not run for the
    // tickets inserted and updated above (replica role). A data folder seeded before that migration got them from
    // its backfill; one seeded from empty answered 0 open tickets.
    await client.query(
      `insert into ticket_counts (company_id, status, user_id, queue_id, tickets, delta)
       select company_id, status, user_id, queue_id, count(*), true
         from tickets where company_id = $1
        group by company_id, status, user_id, queue_id`,
      [c],
    );
    // The message page's totals, as the ticket touches keep them (migration 2026112294). The rows above were
    // inserted in this transaction, so the planner has no statistics for them: without this analyze it picks a
    // plan quadratic in the tickets and the recount of an empty data folder runs for over half an hour.
    await client.query('analyze tickets, messages');
    await client.query(`select recount_ticket_messages($1)`, [c]);
    await client.query('commit');
    return { ...company, userIds, queueIds, longTicketId: long.rows[0]!.id };
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

/** Inserts one message per row of `from` (which binds `g` and ticket `t`); `k` is its place in the ticket. */
async function insertMessages(
  client: pg.PoolClient,
  companyId: number,
  rows: { from: string; k: string; count: string; offset?: number },
): Promise<void> {
  const g = `(g + ${rows.offset ?? 0})`;
  await client.query(
    `insert into messages (company_id, wid, ticket_id, contact_id, queue_id, whatsapp_id, body, from_me, read,
                           ack, origin, created_at, updated_at)
     select $1, 'BENCH' || ${g}, t.id, case when m.from_me then null else t.contact_id end, t.queue_id,
            t.whatsapp_id, m.body, m.from_me, true, case when m.from_me then 3 else 0 end,
            case when m.from_me then 'agent' else 'customer' end, m.at, m.at
       from ${rows.from}
       cross join lateral (
         select (${rows.k}) % 2 = 1 as from_me,
                t.updated_at - (${rows.count} - 1 - (${rows.k})) * interval '7 minutes' as at,
                concat_ws(' ',
                  ($2::text[])[1 + ${pick(g, 40, openers.length)}] || ',',
                  ($3::text[])[1 + ${pick(g, 41, middles.length)}],
                  case when ${pick(g, 42, PRODUCT_EVERY)} < ${products.length}
                       then 'sobre o ' || ($4::text[])[1 + ${pick(g, 42, PRODUCT_EVERY)}] end,
                  nullif(($5::text[])[1 + ${pick(g, 43, closers.length)}], '')) as body
       ) m
      order by m.at`,
    [companyId, openers, middles, products, closers],
  );
}

/**
 * Runs a bulk load with the table's plain secondary indexes dropped, then builds them again from their saved
 * definitions (one sorted build each instead of a million single inserts; a trigram index most of all).
 * Indexes that back constraints stay. The indexes come back even when the load fails.
 */
export async function withIndexesRebuiltAfter<T>(
  db: pg.Pool,
  table: string,
  load: () => Promise<T>,
): Promise<T> {
  const { rows } = await db.query<{ name: string; definition: string }>(
    `select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = $1::regclass
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
    [table],
  );
  for (const index of rows) await db.query(`drop index ${index.name}`);
  try {
    return await load();
  } finally {
    const client = await db.connect();
    try {
      await client.query(`set maintenance_work_mem = '256MB'`);
      for (const index of rows) await client.query(index.definition);
    } finally {
      client.release();
    }
  }
}
