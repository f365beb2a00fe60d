export * from './weekly.js';
export * from './mission.js';
export * from './indicator.js';
export * from './proposal.form.js';
export * from './responses.js';
export * from './change-labels.js';
