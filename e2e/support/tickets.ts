// Arranging tickets straight in the database: connections, queues, contacts, tickets and messages of one
// company, for browser tests that start from a given inbox rather than from a customer's first message.
import { sql, unique } from './db';
import { customerNumber } from './simulator';

/**
 * A simulator connection row. The sessions sweep soon starts a session on it, which waits for a QR scan, so
 * its status does not stay CONNECTED: tests name it explicitly where a connection is chosen.
 */
export async function seedConnection(
  companyId: number,
  name = `Conn ${unique()}`,
): Promise<{ id: number; name: string }> {
  const [row] = await sql<{ id: number }>(
    `insert into whatsapps (company_id, name, status, provider) values ($1, $2, 'CONNECTED', 'simulator')
     returning id`,
    [companyId, name],
  );
  return { id: row!.id, name };
}

/** A queue, optionally given to some users. */
export async function seedQueue(
  companyId: number,
  name: string,
  color: string,
  userIds: number[] = [],
): Promise<number> {
  const [row] = await sql<{ id: number }>(
    `insert into queues (company_id, name, color) values ($1, $2, $3) returning id`,
    [companyId, name, color],
  );
  for (const userId of userIds) {
    await sql(`insert into user_queues (company_id, user_id, queue_id) values ($1, $2, $3)`, [
      companyId,
      userId,
      row!.id,
    ]);
  }
  return row!.id;
}

export async function seedContact(
  companyId: number,
  name: string,
  number = customerNumber(),
): Promise<{ id: number; name: string; number: string }> {
  const [row] = await sql<{ id: number }>(
    `insert into contacts (company_id, name, number) values ($1, $2, $3) returning id`,
    [companyId, name, number],
  );
  return { id: row!.id, name, number };
}

export interface SeededTicket {
  id: number;
  uuid: string;
}

/** A ticket of a contact; its last message, when given, is also stored as a message from the customer. */
export async function seedTicket(
  companyId: number,
  options: {
    contactId: number;
    status: 'open' | 'pending' | 'closed';
    userId?: number | null;
    queueId?: number | null;
    whatsappId?: number | null;
    lastMessage?: string;
  },
): Promise<SeededTicket> {
  const [ticket] = await sql<SeededTicket>(
    `insert into tickets (company_id, status, contact_id, user_id, queue_id, whatsapp_id, last_message)
     values ($1, $2, $3, $4, $5, $6, $7) returning id, uuid`,
    [
      companyId,
      options.status,
      options.contactId,
      options.userId ?? null,
      options.queueId ?? null,
      options.whatsappId ?? null,
      options.lastMessage ?? '',
    ],
  );
  if (options.lastMessage) {
    await sql(
      `insert into messages (company_id, ticket_id, contact_id, queue_id, whatsapp_id, body, origin)
       values ($1, $2, $3, $4, $5, $6, 'customer')`,
      [
        companyId,
        ticket!.id,
        options.contactId,
        options.queueId ?? null,
        options.whatsappId ?? null,
        options.lastMessage,
      ],
    );
    // The count the ticket touches keep (migration 2026112294).
    await sql(`select recount_ticket_messages($1)`, [companyId]);
  }
  return ticket!;
}
