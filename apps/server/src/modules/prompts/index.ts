export { registerPromptsRoutes } from './prompts.routes';
export { findPrompt, promptById, type PromptRow } from './prompts.repository';
