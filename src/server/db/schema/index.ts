export * from './auth.js';
export * from './tenancy.js';
export * from './communications.js';
export * from './learners.js';
export * from './fees.js';
export * from './assessment.js';
export * from './attendance.js';
export * from './hr.js';
