// Suites share two cores with the front-end projects under `npm test`; real HTTP and scrypt need more than 5 s there.
jest.setTimeout(30_000);
