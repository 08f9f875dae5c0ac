import type { NumberCheck } from '..';

/**
 * The simulated network knows every number of 10 to 13 digits. A Brazilian mobile written without its
 * ninth digit (55 + area code + 8 digits) is answered with it, as WhatsApp does.
 */
export function checkSimulatedNumber(raw: string): NumberCheck {
  const digits = raw.replace(/\D/g, '');
  if (digits.length < 10 || digits.length > 13) return { exists: false };
  if (digits.length === 12 && digits.startsWith('55')) {
    return { exists: true, number: `${digits.slice(0, 4)}9${digits.slice(4)}` };
  }
  return { exists: true, number: digits };
}

/** The fake phone number a simulator connection gets when its QR code is scanned (São Paulo mobile). */
export function simulatedOwnNumber(whatsappId: number): string {
  return `55119${String(whatsappId % 100_000_000).padStart(8, '0')}`;
}
