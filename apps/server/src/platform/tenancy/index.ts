export { Scopes, SystemTx, TenantScope, TenantTx } from './tenant-scope';
export type { Defer } from './tenant-scope';
