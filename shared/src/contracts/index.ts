// Browser-free contracts: the server imports only this entry.
export * from './entities';
export * from './api';
export * from './chat';
export * from './constants';
export * from './runtime';
