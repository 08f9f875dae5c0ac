import { isLidJid, isPhoneJid, userOf } from './jids';

/** Baileys' LID ↔ phone store (signalRepository.lidMapping), as far as we use it. */
export interface LidLookup {
  getPNForLID(lid: string): Promise<string | null>;
}

export interface Party {
  /** Phone digits when known, else the LID digits. */
  id: string;
  /** The alias id (LID digits) when the jid or its alternate is one. */
  lid?: string;
  /** A LID ↔ phone pair learnt while resolving. */
  mapping?: { lid: string; phone: string };
}

/**
 * Who a jid is: its phone when the jid is a phone jid, when its alternate (remoteJidAlt / participantAlt)
 * is one, or when baileys' mapping store knows the LID; otherwise the LID itself.
 */
export async function resolveParty(
  jid: string,
  alt: string | null | undefined,
  lookup: LidLookup | undefined,
): Promise<Party> {
  if (isLidJid(jid)) {
    const lid = userOf(jid);
    const phoneJid = isPhoneJid(alt ?? undefined) ? alt : await lookupPhone(jid, lookup);
    if (!phoneJid) return { id: lid, lid };
    const phone = userOf(phoneJid);
    return { id: phone, lid, mapping: { lid, phone } };
  }
  const id = userOf(jid);
  if (isLidJid(alt ?? undefined) && alt) {
    const lid = userOf(alt);
    return { id, lid, mapping: { lid, phone: id } };
  }
  return { id };
}

async function lookupPhone(lidJid: string, lookup: LidLookup | undefined): Promise<string | null> {
  if (!lookup) return null;
  try {
    return await lookup.getPNForLID(lidJid);
  } catch {
    // An unknown mapping is not an error: the LID stands in until the phone is learnt.
    return null;
  }
}
