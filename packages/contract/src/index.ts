export * from './auth.js';
export * from './permission.js';
export * from './auth-decisions.js';
export * from './constants.js';
export * from './validation.js';
export * from './query.js';
export * from './cron.js';
export * from './office/index.js';
