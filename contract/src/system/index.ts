export * from './audit-texts';
export * from './labor';
export * from './logs';
export * from './mail';
export * from './params';
export * from './prices';
export * from './roles';
export * from './zones';
