/** Time cards and wages (issue 11). */
export * from './pay-periods';
export * from './time-cards';
export * from './work-days';
