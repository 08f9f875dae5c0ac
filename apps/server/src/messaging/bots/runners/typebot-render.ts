import { readCommand, type BotAction } from './bot-actions';

/** Typebot's reply to an answer it did not understand; the integration's own text replaces it. */
export const TYPEBOT_INVALID_MESSAGE = 'Invalid message. Please, try again.';

interface RichNode {
  type?: string;
  text?: string;
  url?: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  children?: RichNode[];
}

export interface TypebotMessage {
  type?: string;
  content?: { richText?: RichNode[]; url?: string };
}

export interface TypebotInput {
  type?: string;
  items?: Array<{ content?: string }>;
}

export interface TypebotReply {
  sessionId?: string;
  messages?: TypebotMessage[];
  input?: TypebotInput;
}

/** Rich text as WhatsApp markup: bold *x*, italic _x_, underline ~x~, links [text](url); one line per block. */
export function renderRichText(nodes: RichNode[]): string {
  return nodes.map((node) => renderNode(node)).join('\n');
}

function renderNode(node: RichNode): string {
  if (node.text !== undefined) {
    let text = node.text;
    if (text.trim() === '') return text;
    if (node.bold) text = `*${text}*`;
    if (node.italic) text = `_${text}_`;
    if (node.underline) text = `~${text}~`;
    return text;
  }
  const inner = (node.children ?? []).map(renderNode).join('');
  if (node.type === 'a' && node.url) return `[${inner}](${node.url})`;
  return inner;
}

/**
 * A Typebot answer as actions (server-behaviour 8.2): a pause ("composing") before each message, texts
 * rendered, `#` JSON commands obeyed instead of sent, images and audio from their URLs, choices as "▶️ item"
 * lines after the last message.
 */
export function typebotActions(
  reply: TypebotReply,
  options: { delayMs: number; unknownMessage: string },
): BotAction[] {
  const actions: BotAction[] = [];
  const pause = () => {
    if (options.delayMs > 0) actions.push({ kind: 'pause', ms: options.delayMs });
  };
  for (const message of reply.messages ?? []) {
    if (message.type === 'text') {
      const text = renderRichText(message.content?.richText ?? []);
      const command = readCommand(text);
      if (command !== undefined) {
        if (command !== null) actions.push(command);
        continue;
      }
      if (text.trim() === '') continue;
      pause();
      const unknown = text.trim() === TYPEBOT_INVALID_MESSAGE && options.unknownMessage.trim() !== '';
      actions.push({ kind: 'text', text: unknown ? options.unknownMessage : text });
    } else if (
      (message.type === 'image' || message.type === 'audio' || message.type === 'video') &&
      message.content?.url
    ) {
      pause();
      actions.push({ kind: 'media', url: message.content.url, mediaType: message.type });
    }
  }
  const items = (reply.input?.type === 'choice input' ? reply.input.items : undefined) ?? [];
  const choices = items.map((item) => item.content ?? '').filter((content) => content.trim() !== '');
  if (choices.length > 0) {
    pause();
    actions.push({ kind: 'text', text: choices.map((choice) => `▶️ ${choice}`).join('\n') });
  }
  return actions;
}
