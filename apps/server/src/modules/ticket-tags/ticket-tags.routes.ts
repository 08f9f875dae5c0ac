import { routes } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import { addTicketTag, removeKanbanTags, syncTicketTags } from './ticket-tags.service';

/** Tags on tickets (server-behaviour 5.5); the kanban routes need the plan's useKanban. */
export function registerTicketTagsRoutes(ctx: AppContext): void {
  ctx.bind(routes.ticketTags.sync, ({ actor, scope, body }) => syncTicketTags(ctx, actor, scope, body));
  ctx.bind(routes.ticketTags.add, ({ actor, scope, params }) =>
    addTicketTag(ctx, actor, scope, params.ticketId, params.tagId),
  );
  ctx.bind(routes.ticketTags.removeKanban, ({ actor, scope, params }) =>
    removeKanbanTags(ctx, actor, scope, params.ticketId),
  );
}
