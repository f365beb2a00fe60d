export * from './scoring.js';
export * from './schemas.js';
export * from './questionnaire.js';
export * from './kpi.form.js';
export * from './responses.js';
export * from './kpi-round.js';
