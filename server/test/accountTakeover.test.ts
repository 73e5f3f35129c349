import type { User } from '@sciexperts/shared/contracts';
import { member, startApp, type Harness } from './helpers';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

describe("a member cannot touch another member's files or take an account with a session alone", () => {
  let h: Harness;
  let attacker: Awaited<ReturnType<typeof member>>;
  let victim: Awaited<ReturnType<typeof member>>;
  beforeAll(async () => {
    h = await startApp();
    attacker = await member(h);
    victim = await member(h);
  });
  afterAll(() => h.close());

  const upload = async (who: { id: number; token: string }) => {
    const form = new FormData();
    form.append('file', new Blob([PNG]), 'me.png');
    const res = await fetch(`${h.base}/api/User/UploadProfileImage/${who.id}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${who.token}` } });
    return (await res.json()) as User;
  };
  const served = async (url: string) => (await fetch(`${h.base}${new URL(url).pathname}`)).status;
  const me = (who: { id: number; token: string }) => h.api<User>('GET', `/api/User/GetUserById/${who.id}`, { token: who.token });

  it("refuses to point a profile at someone else's upload, so the next upload cannot delete it", async () => {
    const victimImage = (await upload(victim)).profImgUrl!;
    const counterpart = await h.api<{ profImgUrl: string }>('GET', `/api/Chat/Counterpart/${victim.id}`, { token: attacker.token });
    expect(counterpart.body.profImgUrl).toBe(victimImage);

    const steal = await h.api<{ details: Array<{ field: string; message: string }> }>('PUT', `/api/User/UpdateUser/${attacker.id}`, { body: { profImgUrl: victimImage }, token: attacker.token });
    expect(steal.status).toBe(400);
    expect(steal.body.details).toEqual([{ field: 'profImgUrl', message: 'Profile image must be an image you uploaded.' }]);
    expect((await me(attacker)).body.profImgUrl).toBeNull();

    await upload(attacker);
    await upload(attacker);
    expect(await served(victimImage)).toBe(200);
    expect((await me(victim)).body.profImgUrl).toBe(victimImage);
  });

  it('refuses external URLs but accepts the own upload, the unchanged value and a clear', async () => {
    const external = await h.api('PUT', `/api/User/UpdateUser/${attacker.id}`, { body: { profImgUrl: 'https://evil.example/x.png' }, token: attacker.token });
    expect(external.status).toBe(400);
    const own = (await upload(attacker)).profImgUrl!;
    // The profile form sends the current value back with every save.
    expect((await h.api('PUT', `/api/User/UpdateUser/${attacker.id}`, { body: { headline: 'Chemist', profImgUrl: own }, token: attacker.token })).status).toBe(200);
    expect((await h.api('PUT', `/api/User/UpdateUser/${attacker.id}`, { body: { profImgUrl: null }, token: attacker.token })).status).toBe(200);
    expect((await h.api('PUT', `/api/User/UpdateUser/${attacker.id}`, { body: { profImgUrl: own }, token: attacker.token })).status).toBe(200);
    // Replacing the image deletes the member's own previous file.
    const next = (await upload(attacker)).profImgUrl!;
    expect(await served(own)).toBe(404);
    expect(await served(next)).toBe(200);
  });

  it.each(['UpdateUser', 'UpdateUserAuth0'])('refuses an e-mail change through %s without the current password', async (route) => {
    const url = route === 'UpdateUser' ? `/api/User/UpdateUser/${victim.id}` : '/api/User/UpdateUserAuth0';
    const stolen = await h.api<{ details: Array<{ field: string }> }>('PUT', url, { body: { email: 'thief@evil.example' }, token: victim.token });
    expect(stolen.status).toBe(400);
    expect(stolen.body.details.map((d) => d.field)).toEqual(['currentPassword']);
    const guessed = await h.api<{ message: string }>('PUT', url, { body: { email: 'thief@evil.example', currentPassword: 'not the password', headline: 'x' }, token: victim.token });
    expect(guessed.status).toBe(403);
    expect(guessed.body.message).toBe('Your current password is not correct.');
    const after = (await me(victim)).body;
    expect(after.email).toBe(victim.email);
    expect(after.headline).not.toBe('x');
  });

  it('changes the e-mail with the current password, and needs none when the e-mail stays the same', async () => {
    const same = await h.api('PUT', `/api/User/UpdateUser/${victim.id}`, { body: { email: victim.email.toUpperCase(), headline: 'Same address' }, token: victim.token });
    expect(same.status).toBe(200);
    const fresh = `moved.${Date.now()}@example.test`;
    const moved = await h.api<User>('PUT', `/api/User/UpdateUser/${victim.id}`, { body: { email: fresh, currentPassword: victim.password }, token: victim.token });
    expect(moved.status).toBe(200);
    expect(moved.body.email).toBe(fresh);
  });

  it('slows down password guessing through the e-mail change', async () => {
    const target = await member(h);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      statuses.push((await h.api('PUT', `/api/User/UpdateUser/${target.id}`, { body: { email: 'thief@evil.example', currentPassword: `guess ${i}` }, token: target.token })).status);
    }
    expect(statuses.slice(0, 5)).toEqual([403, 403, 403, 403, 403]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});
