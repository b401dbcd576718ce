/** The field app (issue 21): the crew's day (F1) and their actions (F2). */
export * from './actions';
export * from './day';
export * from './resolve';
export * from './spanish';
