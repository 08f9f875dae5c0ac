import type { AuthState } from '..';

/** What a scanned simulator connection keeps in its creds row: the fake phone's number. */
export interface SimulatorPairing {
  number: string;
  pairedAt: string;
}

export async function readPairing(authState: AuthState): Promise<SimulatorPairing | undefined> {
  const creds = (await authState.readCreds()) as { simulator?: Partial<SimulatorPairing> } | null;
  const pairing = creds?.simulator;
  if (typeof pairing?.number !== 'string') return undefined;
  return { number: pairing.number, pairedAt: String(pairing.pairedAt ?? '') };
}

/** The phone scanned the QR code: the pairing lives with the connection's keys (logout forgets it). */
export async function writePairing(authState: AuthState, number: string): Promise<void> {
  const simulator: SimulatorPairing = { number, pairedAt: new Date().toISOString() };
  await authState.writeCreds({ simulator });
}
