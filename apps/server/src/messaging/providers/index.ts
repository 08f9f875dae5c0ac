// The provider port and the registry of adapters: what sessions, inbound and outbound know of providers. The
// adapters themselves (beta/, cloud/, simulator/) have their own index.ts and are wired in messaging/index.ts.
export {
  ProviderError,
  type ChatPresence,
  type ConnectionDescriptor,
  type ConnectionStatus,
  type InboundKind,
  type InboundMessage,
  type MediaRef,
  type NumberCheck,
  type ProviderEvent,
  type ProviderKind,
  type ProviderSession,
  type SendCommand,
  type SessionHooks,
} from './port';
export {
  isWakeable,
  ProviderRegistry,
  type AuthState,
  type ProviderContext,
  type ProviderFactory,
  type WakeableSession,
} from './registry';
