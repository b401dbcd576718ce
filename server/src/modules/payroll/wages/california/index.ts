/** California wages (issue 11): one pure computation, see docs/business-rules.md "Wages". */
export { computeEmployeeWages } from './compute';
export { splitByMinutes } from './tips';
export * from './types';
