export { type BackoffOptions, backoffDelayMs } from './backoff.js';
export { type Clock, createSystemClock } from './clock.js';
export {
  createRequestQueue,
  type QueueStats,
  type RequestQueue,
  type RequestQueueOptions,
  type RunOptions,
  type SharedSlots,
} from './request-queue.js';
export {
  createSlidingWindow,
  type SlidingWindow,
  type SlidingWindowOptions,
  type SlotTicket,
} from './sliding-window.js';
