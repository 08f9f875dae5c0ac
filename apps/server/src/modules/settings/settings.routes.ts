import { z } from 'zod';
import { isSettingKey, routes, secretSettingKeys, settingValueSchemas } from '@zapdesk/contracts';
import { isAdmin } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { parseInput } from '../../platform/http/validation';
import { listSettings, saveSetting } from './settings.repository';

export function registerSettingsRoutes(ctx: AppContext): void {
  ctx.bind(routes.settings.list, async ({ scope, actor }) => {
    const settings = await scope.run(listSettings);
    return isAdmin(actor) ? settings : settings.filter((s) => !secretSettingKeys.includes(s.key as never));
  });

  ctx.bind(routes.settings.update, async ({ scope, params, body }) => {
    if (!isSettingKey(params.key))
      throw new AppError('ERR_NO_SETTING_FOUND', 'Unknown setting', { status: 404 });
    const key = params.key;
    const { value } = parseInput(z.object({ value: settingValueSchemas[key] }), body);
    return scope.run(async (tx) => {
      const setting = await saveSetting(tx, key, value);
      tx.afterCommit(() =>
        ctx.realtime.emitToCompany(tx.companyId, 'settings', { action: 'update', setting }),
      );
      return setting;
    });
  });
}
