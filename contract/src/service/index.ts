/** The service domain (issue 9): jobs, recurring service plans and tasks. */
export * from './assignments';
export * from './board';
export * from './change-log';
export * from './conflicts';
export * from './costing';
export * from './job-length';
export * from './jobs';
export * from './plans';
export * from './recurrence';
export * from './revenue';
export * from './route-order';
export * from './tasks';
