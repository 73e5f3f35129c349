// Browser-free contracts: the server imports only this entry.
export * from './entities';
export * from './api';
export * from './chat';
export * from './constants';
export * from './runtime';
// Plain constants and pure rules (no TypeBox at run time); the schemas are the separate `contracts/schemas` entry.
export * from './paths';
export * from './limits';
export * from './messages';
export * from './rules';
export * from './records';
export * from './exposes';
export * from './concierge';
export * from './publicPages';
export * from './directory';
export * from './countries';
export * from './catalogue';
export * from './projects';
export * from './payments';
export * from './notifications';
export * from './reviews';
export * from './calls';
export * from './blocks';
export * from './accountSettings';
export * from './admin';
export * from './format';
export * from './security';
