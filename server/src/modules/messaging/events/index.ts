/** Customer message events (issue 22): what queues which message, in the transaction of its cause. */
export {
  queueFirstVisitConfirmation,
  queueJobConfirmation,
  queueJobConfirmationById,
  queueJobDone,
  queueOnTheWay,
  queueOnTheWayAfterCheckOut,
} from './job-events';
export { queueCardDeclined, queuePaymentReceived } from './money-events';
export { scanReminders, scanReviewRequests } from './scans';
