import { routes } from '@zapdesk/contracts';
import type { TicketsEnv } from './ticket-messages.port';
import { createTicket } from './use-cases/create-ticket';
import { deleteTicket } from './use-cases/delete-ticket';
import { getTicket } from './use-cases/get-ticket';
import { listTickets } from './use-cases/list-tickets';
import { updateTicket } from './use-cases/update-ticket';

/** Ticket routes (spec 1 section 7, server-behaviour 5). */
export function registerTicketsRoutes(env: TicketsEnv): void {
  const { ctx } = env;
  const listEnv = { frontendUrl: ctx.config.frontendUrl, timeZone: ctx.config.timeZone };

  ctx.bind(routes.tickets.list, ({ actor, scope, query }) => {
    const { pageNumber, status, ...filters } = query;
    return listTickets(
      listEnv,
      actor,
      scope,
      { ...filters, statuses: status ? [status] : undefined },
      pageNumber,
    );
  });

  ctx.bind(routes.tickets.kanban, ({ actor, scope, query }) =>
    listTickets(
      listEnv,
      actor,
      scope,
      { showAll: query.showAll, queueIds: query.queueIds, statuses: ['pending', 'open'] },
      query.pageNumber,
    ),
  );

  ctx.bind(routes.tickets.getByUuid, ({ actor, scope, params }) =>
    getTicket(ctx.config.frontendUrl, actor, scope, { uuid: params.uuid }),
  );
  ctx.bind(routes.tickets.get, ({ actor, scope, params }) =>
    getTicket(ctx.config.frontendUrl, actor, scope, { id: params.id }),
  );
  ctx.bind(routes.tickets.create, ({ actor, scope, body }) => createTicket(env, actor, scope, body));
  ctx.bind(routes.tickets.update, ({ actor, scope, params, body }) =>
    updateTicket(env, actor, scope, params.id, body),
  );
  ctx.bind(routes.tickets.remove, ({ scope, params }) => deleteTicket(ctx, scope, params.id));
}
