export * from './browser';
export * from './axe';
