/** The rating prompt appended to the connection's ratingMessage (server-behaviour 5.4). */
export const RATING_PROMPT = 'Digite de 1 a 3: *1* - Insatisfeito, *2* - Satisfeito, *3* - Muito satisfeito';

/** The connection's rating message followed by the prompt. */
export function ratingRequestText(ratingMessage: string): string {
  const intro = ratingMessage.trim();
  return intro ? `${intro}\n\n${RATING_PROMPT}` : RATING_PROMPT;
}

export interface TransferParties {
  queueChanged: boolean;
  /** The new queue's name, when there is one. */
  queueName: string | null;
  userChanged: boolean;
  /** The new agent's name, when there is one. */
  userName: string | null;
  /** Whether an agent held the ticket before: an agent taking a waiting ticket accepts it, no transfer. */
  hadAgent: boolean;
}

/** The customer's notice for a transfer (server-behaviour 5.4), or null when the change is not one. */
export function transferNotice(p: TransferParties): string | null {
  const prefix = '*Mensagem automática*: você foi transferido para o';
  if (p.userChanged && p.userName !== null && !p.hadAgent) return null;
  if (p.queueChanged && p.queueName !== null && p.userChanged && p.userName !== null) {
    return `${prefix} setor *${p.queueName}* e o atendente *${p.userName}*, aguarde.`;
  }
  if (p.queueChanged && p.queueName !== null && (!p.userChanged || p.userName === null)) {
    return `${prefix} setor *${p.queueName}*, aguarde.`;
  }
  if (p.userChanged && p.userName !== null && !p.queueChanged && p.hadAgent) {
    return `${prefix} atendente *${p.userName}*, aguarde.`;
  }
  return null;
}
