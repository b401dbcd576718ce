export * from './campaigns';
export * from './gift-certificates';
