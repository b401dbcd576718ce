/** The office day (issue 12): start of day, job completion, the card queue, verify & close day. */
export * from './card-queue';
export * from './day';
export * from './office-days';
