import type { PublicUser, User } from '@sciexperts/shared/contracts';
import { loadUser } from '../src/modules/users/repository';
import { member, startApp, type Harness } from './helpers';

// Responses are written from their TypeBox schemas (fast-json-stringify through Fastify): a property the schema
// does not list never leaves the server, whatever the repository hands the route.

describe('responses are serialised from their schemas', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startApp(
      {},
      {
        userViews: {
          // A repository gone wrong: the row's secret and the private fields ride along in every view.
          loadUser: async (db, row) => ({ ...(await loadUser(db, row)), passwordHash: row.passwordHash }) as User,
          toPublicUser: (user) => user as unknown as PublicUser,
        },
      },
    );
  });
  afterAll(() => h.close());

  it('a public profile cannot carry email or phoneNumber even if the repository returns them', async () => {
    const owner = await member(h);
    const viewer = await member(h);
    const res = await h.api<Record<string, unknown>>('GET', `/api/User/GetUserById/${owner.id}`, { token: viewer.token });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(owner.id);
    expect(res.body.firstName).toBe('Grace');
    for (const hidden of ['email', 'phoneNumber', 'isProfilePublic', 'authProvider', 'passwordHash']) expect(res.body).not.toHaveProperty(hidden);
  });

  it("the owner's own view has the account fields but never the password hash", async () => {
    const owner = await member(h);
    const res = await h.api<Record<string, unknown>>('GET', `/api/User/GetUserById/${owner.id}`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(owner.email);
    expect(res.body).toHaveProperty('phoneNumber');
    expect(res.body).not.toHaveProperty('passwordHash');
  });
});

describe('the OpenAPI document', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startApp();
  });
  afterAll(() => h.close());

  it('documents a response schema for the success status of every operation, and says who may call it', async () => {
    const res = await h.api<{ paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>; security?: unknown }>> }>('GET', '/api/docs/json');
    expect(res.status).toBe(200);
    const operations = Object.entries(res.body.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ id: `${method.toUpperCase()} ${path}`, op })));
    expect(operations.length).toBeGreaterThanOrEqual(30);
    const missing = operations.filter(({ op }) => {
      const success = Object.entries(op.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
      // A 204 has no body; every other success documents its body's schema (JSON, or a file's bytes as binary).
      return success.length === 0 || success.some(([status, r]) => status !== '204' && !Object.values(r.content ?? {}).some((media) => media.schema));
    });
    expect(missing.map((o) => o.id)).toEqual([]);
    expect(operations.filter(({ op }) => !Array.isArray(op.security)).map((o) => o.id)).toEqual([]);
  });
});
