/** What WhatsApp says about a number: registered or not, and its normalised form (ninth digit). */
export interface NumberLookupResult {
  exists: boolean;
  number?: string;
}

/**
 * The port through which this module checks numbers on WhatsApp, handed to it at wiring (modules never import
 * messaging/). It runs the check on the connection's session wherever it lives; it throws when the session does
 * not answer.
 */
export type NumberLookup = (
  companyId: number,
  whatsappId: number,
  number: string,
) => Promise<NumberLookupResult>;
