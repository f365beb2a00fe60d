export * from './report.js';
export * from './form.js';
export * from './responses.js';
