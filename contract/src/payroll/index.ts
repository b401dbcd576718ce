/** Time cards and wages (issue 11). */

export * from './clock';
export * from './meal-waivers';
export * from './minimum-wages';
export * from './pay-periods';
export * from './punch-time';
export * from './sick-leave';
export * from './time-card-api';
export * from './time-card-flags';
export * from './time-card-totals';
export * from './time-cards';
export * from './wages';
export * from './work-days';
