export * from './report.js';
export * from './form.js';
