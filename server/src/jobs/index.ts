export type { Job, JobHandler, JobLog, JobQueue, SendOptions, WorkOptions } from './types';
export { createJobQueue, PERIODIC_KEY, type JobQueueOptions } from './tableJobQueue';
