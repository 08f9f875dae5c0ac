import type { TestServer } from '../../../test/harness';
import { uniquePhone } from '../../../test/messaging-fixtures';

/** A contact of the company, straight in the table. */
export async function contactOf(
  server: TestServer,
  companyId: number,
  name = 'Renata Alves',
  number = uniquePhone(),
): Promise<{ id: number; name: string; number: string }> {
  return server.ctx.scopes
    .tenant(companyId)
    .run((tx) =>
      tx
        .insertInto('contacts')
        .values({ companyId, name, number })
        .returning(['id', 'name', 'number'])
        .executeTakeFirstOrThrow(),
    );
}

/** A schedule row as a test wants it, written directly (its author and status chosen by the test). */
export async function scheduleRow(
  server: TestServer,
  companyId: number,
  values: {
    contactId: number;
    userId: number | null;
    body?: string;
    sendAt?: Date;
    status?: 'PENDENTE' | 'AGENDADA' | 'ENVIADA' | 'ERRO';
    sentAt?: Date | null;
    attempts?: number;
  },
): Promise<number> {
  const row = await server.ctx.scopes.tenant(companyId).run((tx) =>
    tx
      .insertInto('schedules')
      .values({
        companyId,
        contactId: values.contactId,
        userId: values.userId,
        body: values.body ?? 'Olá, lembrete da consulta',
        sendAt: values.sendAt ?? new Date(Date.now() + 86_400_000),
        status: values.status ?? 'PENDENTE',
        sentAt: values.sentAt ?? null,
        attempts: values.attempts ?? 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  return row.id;
}

export async function readSchedule(server: TestServer, companyId: number, id: number) {
  return server.ctx.scopes
    .tenant(companyId)
    .run((tx) => tx.selectFrom('schedules').where('id', '=', id).selectAll().executeTakeFirstOrThrow());
}
