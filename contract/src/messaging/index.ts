export * from './choices';
export * from './log';
export * from './outbox';
export * from './templates';
