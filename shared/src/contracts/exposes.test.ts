import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { ComponentType } from 'react';
import type { AuthModalProps, ExposedModuleExports, ExposedProps } from './exposes';

const ROOT = path.resolve(__dirname, '../../..');
const REMOTES = readdirSync(ROOT).filter((dir) => dir.startsWith('mf-'));

/** `'./Name': './src/exposes/Name.tsx'` lines of a remote's webpack config. */
function exposesOf(remote: string): { name: string; file: string }[] {
  const config = readFileSync(path.join(ROOT, remote, 'webpack.config.cjs'), 'utf8');
  return [...config.matchAll(/'\.\/(\w+)':\s*'\.\/(src\/exposes\/[\w.]+)'/g)].map(([, name, file]) => ({ name: name!, file: file! }));
}

describe('the expose map', () => {
  it.each(REMOTES)('types every module %s exposes against its own id in the map', (remote) => {
    const exposes = exposesOf(remote);
    expect(exposes.length).toBeGreaterThan(0);
    const id = `${remote.replace('-', '_')}/`;
    for (const { name, file } of exposes) {
      const source = readFileSync(path.join(ROOT, remote, file), 'utf8');
      // tsc -p <remote> then proves the id is in the map and the module matches its entry.
      expect(source.includes(`ExposedProps<'${id}${name}'>`) || source.includes(`ExposedModuleExports['${id}${name}']`)).toBe(true);
    }
  });

  it('makes a remote whose props or exports drift from the map fail its typecheck', () => {
    // Compile-time assertions (tsc -p shared), written the way the remotes' exposes files are.
    const needsMore = (props: AuthModalProps & { email: string }) => props.email;
    // @ts-expect-error a component that needs a prop the map does not list
    const missing: ComponentType<ExposedProps<'mf_auth/AuthModal'>> = needsMore;
    const wrongType = (props: { title: number; description: string }) => props.title;
    // @ts-expect-error a prop whose type differs from the map's
    const drifted: ComponentType<ExposedProps<'mf_profile/PlaceholderPage'>> = wrongType;
    // @ts-expect-error a page the map says takes no props may not require one
    const page: ComponentType<ExposedProps<'mf_marketing/FaqPage'>> = (props: { query: string }) => props.query;
    // @ts-expect-error an id no remote exposes
    const unknown: ComponentType<ExposedProps<'mf_marketing/Nope'>> = () => null;
    const session: ExposedModuleExports['mf_auth/identitySession'] = {
      resumeIdentitySession: async () => true,
      endIdentitySession: async () => undefined,
      // @ts-expect-error an export the map does not list
      signOutEverywhere: async () => undefined,
    };
    // @ts-expect-error an export the map lists is missing
    const chat: ExposedModuleExports['mf_chat/mount'] = { mount: () => () => undefined, CHAT_ELEMENT_NAME: 'x', defineChatElement: () => undefined };
    expect([missing, drifted, page, unknown, session, chat]).toHaveLength(6);
  });
});
