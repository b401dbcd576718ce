export * from './choices';
export * from './templates';
