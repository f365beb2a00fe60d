export * from './scoring.js';
export * from './schemas.js';
export * from './questionnaire.js';
