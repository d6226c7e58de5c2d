export * from './auth.js';
export * from './tenancy.js';
export * from './communications.js';
