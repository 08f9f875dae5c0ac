/** A number as WhatsApp knows it. */
export interface NumberOnWhatsapp {
  exists: boolean;
  /** Normalised phone digits as WhatsApp knows them (e.g. ninth digit fixed). */
  number?: string;
}

/**
 * The port through which modules act on live WhatsApp sessions, wherever they run. Modules never import
 * `messaging/`: messaging's sessions implement this and the composition root hands it to the modules.
 * Operations on a live session answer ERR_WAPP_NOT_INITIALIZED when no node runs it and ERR_WAPP_SESSION_TIMEOUT
 * when its owner does not answer in time; provider failures throw.
 */
export interface SessionControl {
  /** Start (or restart) the connection's session. */
  start(companyId: number, whatsappId: number): Promise<void>;
  /** Wipe keys and restart for a new QR. */
  refresh(companyId: number, whatsappId: number): Promise<void>;
  /** Log out. */
  logout(companyId: number, whatsappId: number): Promise<void>;
  /** After the connection row is deleted: log out and drop its session and lease. */
  remove(companyId: number, whatsappId: number): Promise<void>;
  checkNumber(companyId: number, whatsappId: number, number: string): Promise<NumberOnWhatsapp>;
  deleteForEveryone(
    companyId: number,
    whatsappId: number,
    chatId: string,
    wid: string,
    fromMe: boolean,
  ): Promise<void>;
}
