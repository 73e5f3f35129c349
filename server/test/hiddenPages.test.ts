// Pages that are not there for visitors, on both databases: what the site's server asks the API before it renders
// a public page. A suspended member's or an operator-hidden profile answers 404 and leaves the sitemap; a project
// page is there for visitors only while any member could see the project (published, not hidden by an operator,
// not an open project of a suspended member, not invite-only), and says nothing of the project itself.
import { PROJECT_MESSAGES, PUBLIC_PAGES, type PublicProjectPage } from '@sciexperts/shared/contracts';
import { member, startAppOn, type Harness } from './helpers';
import { makeListed, projectBody } from './projectsFixtures';

type Member = Awaited<ReturnType<typeof member>>;
type Body = { message?: string };

describe.each(['sqlite', 'postgres'] as const)('hidden public pages over %s', (dialect) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startAppOn(dialect);
  });
  afterAll(() => h?.close());

  const expertPaths = async () => {
    const xml = await (await fetch(`${h.base}/sitemap.xml`)).text();
    return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!).slice(PUBLIC_PAGES.length);
  };
  const publish = async (owner: Member, over: Record<string, unknown> = {}) => {
    const draft = await h.api<{ id: number }>('POST', '/api/Projects', { token: owner.token, body: projectBody(over) });
    expect((await h.api('POST', `/api/Projects/${draft.body.id}/Publish`, { token: owner.token })).status).toBe(200);
    return draft.body.id;
  };
  const page = (id: number | string) => h.api<PublicProjectPage & Body>('GET', `/api/PublicProjects/${id}`);

  it('a suspended or hidden member’s profile answers 404 and is not in the sitemap; lifted, both come back', async () => {
    const suspended = await member(h, { firstName: 'Sue', lastName: 'Spended' });
    const hidden = await member(h, { firstName: 'Hid', lastName: 'Den' });
    for (const who of [suspended, hidden]) await makeListed(h, who);
    const paths = await expertPaths();
    expect(paths).toEqual(expect.arrayContaining([expect.stringContaining(`/experts/${suspended.id}-`), expect.stringContaining(`/experts/${hidden.id}-`)]));

    const at = new Date().toISOString();
    await h.db.kysely.updateTable('users').set({ suspendedAt: at, suspensionReason: 'Test' }).where('id', '=', suspended.id).execute();
    await h.db.kysely.updateTable('users').set({ profileHiddenAt: at, profileHiddenReason: 'Test' }).where('id', '=', hidden.id).execute();
    for (const who of [suspended, hidden]) expect((await h.api('GET', `/api/Experts/${who.id}`)).status).toBe(404);
    const after = await expertPaths();
    expect(after.some((p) => p.includes(`/experts/${suspended.id}-`) || p.includes(`/experts/${hidden.id}-`))).toBe(false);

    await h.db.kysely.updateTable('users').set({ suspendedAt: null, suspensionReason: null }).where('id', '=', suspended.id).execute();
    expect((await h.api('GET', `/api/Experts/${suspended.id}`)).status).toBe(200);
    expect((await expertPaths()).some((p) => p.includes(`/experts/${suspended.id}-`))).toBe(true);
  });

  it('a project page is there for visitors only while any member may see the project, and tells nothing of it', async () => {
    const owner = await member(h, { firstName: 'Olga', lastName: 'Owner' });
    const open = await publish(owner, { title: 'Visible project' });
    const seen = await page(open);
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({ id: open });

    const hidden = await publish(owner, { title: 'Hidden project' });
    await h.db.kysely.updateTable('projects').set({ hiddenAt: new Date().toISOString() }).where('id', '=', hidden).execute();
    const inviteOnly = await publish(owner, { title: 'Invite-only project', visibility: 'invite-only' });
    const draft = (await h.api<{ id: number }>('POST', '/api/Projects', { token: owner.token, body: projectBody({ title: 'Draft project' }) })).body.id;
    for (const id of [hidden, inviteOnly, draft, 999_999]) {
      const answer = await page(id);
      expect([id, answer.status, answer.body.message]).toEqual([id, 404, PROJECT_MESSAGES.notFound]);
    }
    expect((await page('abc')).status).toBe(400);

    // The open projects of a suspended member go with their profile.
    await h.db.kysely.updateTable('users').set({ suspendedAt: new Date().toISOString(), suspensionReason: 'Test' }).where('id', '=', owner.id).execute();
    expect((await page(open)).status).toBe(404);
  });
});
