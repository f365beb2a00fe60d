export * from './national-id.js';
export * from './mask.js';
export * from './schemas.js';
export * from './forms.js';
export * from './registration.js';
export * from './responses.js';
export * from './dimission.js';
