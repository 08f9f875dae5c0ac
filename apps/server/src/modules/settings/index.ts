export { registerSettingsRoutes } from './settings.routes';
export { getSetting, listSettings, saveSetting, seedDefaultSettings } from './settings.repository';
export { assertCampaignsEnabled } from './campaigns-gate';
