import type { SessionControl } from './session-control.port';
import type { TenantScope } from '../../platform/tenancy';
import { getWhatsapp } from './whatsapps.repository';

/** Session commands of the connections page; they take effect on whichever node owns the session. */
export async function startWhatsappSession(sessions: SessionControl, scope: TenantScope, id: number) {
  await scope.run((tx) => getWhatsapp(tx, id));
  await sessions.start(scope.companyId, id);
  return { message: 'Starting session.' };
}

/** Wipes the keys and restarts for a new QR code; queues and settings stay. */
export async function refreshWhatsappSession(sessions: SessionControl, scope: TenantScope, id: number) {
  await scope.run((tx) => getWhatsapp(tx, id));
  await sessions.refresh(scope.companyId, id);
  return { message: 'Starting session.' };
}

export async function logoutWhatsappSession(sessions: SessionControl, scope: TenantScope, id: number) {
  await scope.run((tx) => getWhatsapp(tx, id));
  await sessions.logout(scope.companyId, id);
  return { message: 'Session disconnected.' };
}
