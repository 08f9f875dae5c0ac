export { registerPromptsRoutes } from './prompts.routes';
export { findPrompt, type PromptRow } from './prompts.repository';
