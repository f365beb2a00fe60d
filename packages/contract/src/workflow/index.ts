export * from './responses.js';
export * from './texts.js';
export * from './migration.js';
