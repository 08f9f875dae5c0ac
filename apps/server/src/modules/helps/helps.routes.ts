import type { AppContext } from '../../platform/context';

/** Help videos (global; writes super only). */
export function registerHelpsRoutes(_ctx: AppContext): void {}
