export * from './responses.js';
export * from './texts.js';
