import type { InfiniteData } from '@tanstack/react-query';
import type { ListMessagesAnswer, MessageView } from '@zapdesk/contracts';

/** Page 1 is the newest; each page is oldest-first (server-behaviour 6.1). */
export type MessagePages = InfiniteData<ListMessagesAnswer>;

/** Every loaded message, oldest first. */
export function flattenMessages(data: MessagePages | undefined): MessageView[] {
  if (!data) return [];
  return [...data.pages].reverse().flatMap((page) => page.messages);
}

/** A created message joins the newest page; one already there (a send answer and its event) is replaced. */
export function upsertMessage(data: MessagePages, message: MessageView): MessagePages {
  const present = data.pages.some((page) => page.messages.some((m) => m.id === message.id));
  if (present) return updateMessage(data, message);
  return {
    ...data,
    pages: data.pages.map((page, index) =>
      index === 0 ? { ...page, messages: [...page.messages, message], count: page.count + 1 } : page,
    ),
  };
}

/** An updated message (ack, deletion, edit) replaces the loaded one; unknown ones are ignored. */
export function updateMessage(data: MessagePages, message: MessageView): MessagePages {
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.messages.some((m) => m.id === message.id)
        ? { ...page, messages: page.messages.map((m) => (m.id === message.id ? message : m)) }
        : page,
    ),
  };
}
