export { registerSchedulesRoutes } from './schedules.routes';
export { normaliseVariables, type ScheduleMedia } from './schedule-variables';
export {
  ScheduleSweeper,
  sendDueSchedules,
  SCHEDULE_SWEEP_MS,
  type SweepResult,
} from './jobs/schedule-sweeper';
export { claimDueSchedules, releaseStaleClaims, type ClaimedSchedule } from './jobs/claim-schedules';
export { sendClaimedSchedule, type ScheduleSenderEnv } from './jobs/send-schedule';
