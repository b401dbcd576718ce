/** The office day (issue 12): start of day, job completion, the card queue, verify & close day. */
export * from './card-queue';
export * from './office-days';
export * from './day';
