export * from './weekly.js';
export * from './mission.js';
