export { Scopes, SystemTx, TenantScope, TenantTx } from './tenant-scope';
