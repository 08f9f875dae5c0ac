export { registerQueueIntegrationsRoutes } from './queue-integrations.routes';
export { findIntegration, integrationById, type IntegrationRow } from './queue-integrations.repository';
export { detectIntent, DialogflowError, type DetectIntentResult } from './dialogflow.client';
export { openJsonContent, readServiceAccount, type ServiceAccount } from './service-account';
