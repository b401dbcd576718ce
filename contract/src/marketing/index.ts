export * from './campaigns';
