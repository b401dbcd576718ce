/** The office day (issue 12): start of day, job completion, verify & close day. */
export * from './day';
export * from './office-days';
