// `@sciexperts/shared/contracts/schemas`: the API as TypeBox schemas. The server validates requests and
// serialises responses with them; every TypeScript type in `contracts` is Static<> of one of these.
// Browser code never imports this entry at run time (only `import type`), so no bundle carries TypeBox.
export * from './common';
export * from './entities';
export * from './account';
export * from './user';
export * from './records';
export * from './chat';
export * from './misc';
export * from './directory';
export * from './projects';
export * from './payments';
export * from './notifications';
export * from './reviews';
export * from './calls';
export * from './blocks';
export * from './accountSettings';
export * from './idempotency';
export * from './files';
export * from './webhook';
export * from './security';
export * from './recovery';
export * from './admin';
export * from './vetting';
export * from './releases';
export * from './partners';
