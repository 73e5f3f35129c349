import type { User } from '@sciexperts/shared/contracts';
import { member, startApp, type Harness } from './helpers';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(64, 3)]);

describe('profile image upload', () => {
  let h: Harness;
  let me: Awaited<ReturnType<typeof member>>;
  let other: Awaited<ReturnType<typeof member>>;
  beforeAll(async () => {
    h = await startApp();
    me = await member(h);
    other = await member(h);
  });
  afterAll(() => h.close());

  const upload = async (id: number, bytes: Buffer, name: string, opts: { token?: string; field?: string; type?: string } = {}) => {
    const form = new FormData();
    form.append(opts.field ?? 'file', new Blob([bytes], { type: opts.type ?? 'application/octet-stream' }), name);
    const res = await fetch(`${h.base}/api/User/UploadProfileImage/${id}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${opts.token ?? me.token}` } });
    return { status: res.status, body: (await res.json()) as User & { message: string } };
  };

  it.each([
    [PNG, 'png', 'image/png'],
    [JPEG, 'jpg', 'image/jpeg'],
    [WEBP, 'webp', 'image/webp'],
  ] as const)('stores a sniffed image (%#) and serves it with the right type', async (bytes, ext, type) => {
    // The name lies; the bytes decide.
    const res = await upload(me.id, bytes, 'holiday.gif', { type: 'text/html' });
    expect(res.status).toBe(200);
    expect(res.body.profImgUrl).toMatch(new RegExp(`^http://api\\.test/uploads/[0-9a-f-]{36}\\.${ext}$`));
    const served = await fetch(`${h.base}${new URL(res.body.profImgUrl!).pathname}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe(type);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('refuses non-images whatever their name', async () => {
    const html = await upload(me.id, Buffer.from('<html><script>alert(1)</script></html>'), 'avatar.png', { type: 'image/png' });
    expect(html.status).toBe(400);
    expect(html.body.message).toMatch(/PNG, JPEG or WebP/);
    expect((await upload(me.id, Buffer.from('GIF89a....'), 'a.gif')).status).toBe(400);
  });

  it('accepts up to 2 MB and answers 413 above', async () => {
    const ok = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 - PNG.length)]);
    expect((await upload(me.id, ok, 'big.png')).status).toBe(200);
    const tooBig = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const res = await upload(me.id, tooBig, 'huge.png');
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/too large/);
  });

  it('needs the field "file", a multipart body, and the own id', async () => {
    expect((await upload(me.id, PNG, 'a.png', { field: 'image' })).status).toBe(400);
    const json = await h.api('POST', `/api/User/UploadProfileImage/${me.id}`, { body: {}, token: me.token });
    expect(json.status).toBe(400);
    const before = (await h.api<User>('GET', `/api/User/GetUserById/${other.id}`, { token: other.token })).body.profImgUrl;
    expect((await upload(other.id, PNG, 'a.png')).status).toBe(403);
    expect((await h.api<User>('GET', `/api/User/GetUserById/${other.id}`, { token: other.token })).body.profImgUrl).toBe(before);
    expect((await upload(me.id, PNG, 'a.png', { token: 'nope' })).status).toBe(401);
  });

  it('does not serve anything but uploads', async () => {
    expect((await fetch(`${h.base}/uploads/../sciexperts.db`)).status).toBe(404);
    expect([403, 404]).toContain((await fetch(`${h.base}/uploads/`)).status);
  });
});
