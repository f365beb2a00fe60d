export * from './auth.js';
export * from './permission.js';
