// Test helpers of the queue bot: a simulated connection with queues, options and settings, and a customer chat.
import type { SettingKey } from '@zapdesk/contracts';
import type { Updateable } from 'kysely';
import { expect } from 'vitest';
import type { TestServer } from '../../../test/harness';
import { buildAdminSession } from '../../../test/factories';
import { asCompany, eventually, uniquePhone } from '../../../test/messaging-fixtures';
import { saveSetting } from '../../modules/settings';
import { connectionWhen, createConnection } from '../../modules/whatsapps/whatsapps.fixtures';
import type { WhatsappsTable } from '../../platform/db/schema';

let sequence = 0;

/** A company with a connected simulator connection, its fields and settings set as given. */
export async function botSetup(
  server: TestServer,
  options: {
    connection?: Updateable<WhatsappsTable>;
    settings?: Partial<Record<SettingKey, string>>;
  } = {},
) {
  const session = await buildAdminSession(server);
  const { company, token } = session;
  const connection = await createConnection(server, token, { provider: 'simulator' });
  await connectionWhen(server, token, connection.id, (c) => c.status === 'qrcode');
  const scan = await server.call('POST', `/simulator/connections/${connection.id}/scan`, { token });
  expect(scan.status).toBe(200);
  await connectionWhen(server, token, connection.id, (c) => c.status === 'CONNECTED');
  await asCompany(server, company.id, async (tx) => {
    if (options.connection) {
      await tx.updateTable('whatsapps').set(options.connection).where('id', '=', connection.id).execute();
    }
    for (const [key, value] of Object.entries(options.settings ?? {})) {
      await saveSetting(tx, key as SettingKey, value);
    }
  });
  const run = <T>(fn: Parameters<typeof asCompany<T>>[2]) => asCompany(server, company.id, fn);

  const addQueue = (values: {
    name: string;
    greetingMessage?: string;
    outOfHoursMessage?: string;
    schedules?: unknown[];
    orderQueue?: number;
  }) =>
    run(async (tx) => {
      sequence += 1;
      const queue = await tx
        .insertInto('queues')
        .values({
          companyId: company.id,
          name: values.name,
          color: `#${(0x200000 + sequence * 7919 + process.pid).toString(16).slice(-6)}`,
          greetingMessage: values.greetingMessage ?? '',
          outOfHoursMessage: values.outOfHoursMessage ?? '',
          schedules: JSON.stringify(values.schedules ?? []),
          orderQueue: values.orderQueue ?? null,
        })
        .returning(['id', 'name'])
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('whatsappQueues')
        .values({ companyId: company.id, whatsappId: connection.id, queueId: queue.id })
        .execute();
      return queue;
    });

  const addOption = (
    queueId: number,
    parentId: number | null,
    option: string,
    title: string,
    message: string,
  ) =>
    run((tx) =>
      tx
        .insertInto('queueOptions')
        .values({ companyId: company.id, queueId, parentId, option, title, message })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );

  /** A customer writing from a new phone. */
  const customer = (name = 'Beatriz Lima') => {
    const phone = uniquePhone();
    let said = 0;
    const rows = () =>
      run((tx) =>
        tx
          .selectFrom('messages')
          .innerJoin('tickets', 'tickets.id', 'messages.ticketId')
          .innerJoin('contacts', 'contacts.id', 'tickets.contactId')
          .where('contacts.number', '=', phone)
          .selectAll('messages')
          .orderBy('messages.id')
          .execute(),
      );
    /** Bodies of our messages stored in the ticket so far. */
    const ours = async () => (await rows()).filter((m) => m.fromMe).map((m) => m.body);
    return {
      phone,
      rows,
      ours,
      /** Sends a text and waits until it was processed (the bot's answers are stored in the same transaction). */
      async say(body: string) {
        said += 1;
        const answer = await server.call('POST', `/simulator/connections/${connection.id}/inbound`, {
          token,
          body: { from: phone, name, body },
        });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        await eventually(async () => (await rows()).filter((m) => !m.fromMe).length >= said, 10_000);
        return ours();
      },
      /** What the simulated phone received, once it got `count` messages. */
      received(count: number) {
        return eventually(async () => {
          const list = (
            await server.call('GET', `/simulator/connections/${connection.id}/outbox?to=${phone}`, { token })
          ).body as Array<{ body: string }>;
          return list.length >= count ? list.map((m) => m.body) : undefined;
        }, 10_000);
      },
      ticket: () =>
        run((tx) =>
          tx
            .selectFrom('tickets')
            .innerJoin('contacts', 'contacts.id', 'tickets.contactId')
            .where('contacts.number', '=', phone)
            .selectAll('tickets')
            .executeTakeFirstOrThrow(),
        ),
      cycles: (ticketId: number) =>
        run((tx) =>
          tx
            .selectFrom('ticketTracking')
            .where('ticketId', '=', ticketId)
            .selectAll()
            .orderBy('id')
            .execute(),
        ),
    };
  };

  return { ...session, connection, run, addQueue, addOption, customer };
}

/** Every weekday closed all day (start = end). */
export const closedAllWeek = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
].map((weekdayEn) => ({ weekday: weekdayEn, weekdayEn, startTime: '00:00', endTime: '00:00' }));
