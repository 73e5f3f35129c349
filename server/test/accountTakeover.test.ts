import { ACCOUNT_SETTINGS_MESSAGES, type User } from '@sciexperts/shared/contracts';
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

  it.each(['UpdateUser', 'UpdateUserAuth0'])('refuses any e-mail change through %s, with or without the password: only the account settings change it', async (route) => {
    const url = route === 'UpdateUser' ? `/api/User/UpdateUser/${victim.id}` : '/api/User/UpdateUserAuth0';
    const stolen = await h.api<{ message: string }>('PUT', url, { body: { email: 'thief@evil.example', headline: 'x' }, token: victim.token });
    expect([stolen.status, stolen.body.message]).toEqual([409, ACCOUNT_SETTINGS_MESSAGES.emailChangeInSettings]);
    const withPassword = await h.api<{ message: string }>('PUT', url, { body: { email: 'thief@evil.example', currentPassword: victim.password, headline: 'x' }, token: victim.token });
    expect(withPassword.status).toBe(409);
    const after = (await me(victim)).body;
    expect(after.email).toBe(victim.email);
    expect(after.headline).not.toBe('x');
  });

  it('needs nothing when the e-mail sent is the current one', async () => {
    const same = await h.api('PUT', `/api/User/UpdateUser/${victim.id}`, { body: { email: victim.email.toUpperCase(), headline: 'Same address' }, token: victim.token });
    expect(same.status).toBe(200);
  });
});
