export { runQueueBot } from './queue-bot';
export { answerRatingReply, findRatingReply, type RatingReply } from './rating-reply';
export type { BotEnv } from './bot-send';
export { BotCache } from './bot-cache';
export type { CycleRow } from './bot-state';
export { BotWorker } from './turns/bot-worker';
export type { QueuedTurn } from './turns/bot-turns.repository';
export {
  BOT_TURNS_KEEP_DAYS,
  BOT_TURNS_PURGE_JOB,
  purgeFinishedBotTurns,
  registerBotTurnsPurgeJob,
} from './turns/bot-turns-purge';
