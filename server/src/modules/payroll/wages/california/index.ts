/** California wages (issue 11): one pure computation, see docs/business-rules.md "Wages". */
export { computeEmployeeWages } from './compute';
export { longestSplitBreak, SPLIT_SHIFT_BREAK_OVER, splitShiftPremiumCents } from './split-shift';
export { splitByMinutes } from './tips';
export * from './types';
