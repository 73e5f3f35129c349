import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHAT_EMBED, configureRuntime, DEVELOPERS_EXAMPLE, getRuntimeConfig, MARKETING_PAGES } from '@sciexperts/shared';
import { DEVELOPERS_DESCRIPTION, DEVELOPERS_PATH, DEVELOPERS_SECTIONS, DEVELOPERS_TITLE, EMBED_PACKAGE } from '../content/developers';
import { expectSoundOutline, renderRoute } from '../test/renderRoute';
import { COPY_MESSAGES } from './CodeBlock';

const CHAT = 'https://chat.sciexperts.test';
const API = 'https://api.sciexperts.test';
const initial = getRuntimeConfig();

beforeEach(() => configureRuntime({ chatOrigin: CHAT, apiBaseUrl: API, socketUrl: API }));
afterEach(() => configureRuntime({ ...initial, chatOrigin: undefined }));

function codeOf(label: string): string {
  const figure = screen.getByRole('figure', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`) });
  return figure.querySelector('code')?.textContent ?? '';
}

describe('/developers', () => {
  it('is a public page of the sitemap, with its title, description and a sound outline of five steps and the example', () => {
    expect(MARKETING_PAGES).toContain(DEVELOPERS_PATH);
    const { main } = renderRoute(DEVELOPERS_PATH);
    expect(screen.getByRole('heading', { level: 1, name: DEVELOPERS_TITLE })).toBeInTheDocument();
    expect(document.title).toBe(`${DEVELOPERS_TITLE} | SciExperts`);
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', DEVELOPERS_DESCRIPTION);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(DEVELOPERS_SECTIONS.map((section) => section.heading));
    expectSoundOutline(main);
    const contents = within(main).getByRole('navigation', { name: 'Contents' });
    expect(within(contents).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual(DEVELOPERS_SECTIONS.map((section) => [section.label, `#${section.id}`]));
  });

  it('gives the snippet with the contract’s script path on the chat remote’s origin, and its element and attributes', () => {
    renderRoute(DEVELOPERS_PATH);
    const html = codeOf('The script tag and the element (HTML)');
    expect(html).toContain(`<script type="module" src="${CHAT}${CHAT_EMBED.scriptPath}"></script>`);
    const { partner, with: withMember, theme } = CHAT_EMBED.attributes;
    expect(html).toContain(`<${CHAT_EMBED.element} ${partner}="YOUR_CLIENT_ID" ${withMember}="MEMBER_ID" ${theme}="light"></${CHAT_EMBED.element}>`);
    expect(codeOf('The npm package')).toContain(`npm install ${EMBED_PACKAGE}`);
    // The package's own entry point, told this deployment's chat origin (chat-embed/README.md).
    expect(codeOf('The npm package')).toContain(`import { defineSciexpertsChat } from '${EMBED_PACKAGE}';`);
    expect(codeOf('The npm package')).toContain(`defineSciexpertsChat({ chatOrigin: '${CHAT}' });`);
  });

  it('names every event, both methods and every CSS custom property of the contract', () => {
    renderRoute(DEVELOPERS_PATH);
    const events = codeOf('Listening to the events (JavaScript)');
    const listed = within(screen.getByRole('region', { name: '3. Handle the events' })).getAllByRole('term').map((term) => term.textContent);
    expect(listed).toEqual(Object.values(CHAT_EMBED.events));
    for (const name of Object.values(CHAT_EMBED.events)) expect(events).toContain(`'${name}'`);
    expect(events).toContain('chat.open(MEMBER_ID);');
    expect(events).toContain('chat.signOut();');
    const themeCss = codeOf('A theme (CSS)');
    const terms = within(screen.getByRole('region', { name: '4. Make it look like your site' })).getAllByRole('term').map((term) => term.textContent);
    for (const property of Object.values(CHAT_EMBED.cssProperties)) {
      expect(themeCss).toContain(`${property}:`);
      expect(terms).toContain(property);
    }
  });

  it('tells the partner’s policy to allow the chat remote’s and the API’s origins, the socket’s ws scheme too', () => {
    renderRoute(DEVELOPERS_PATH);
    const policy = codeOf('The directives to add (HTTP header)');
    expect(policy).toContain(`script-src 'self' ${CHAT};`);
    expect(policy).toContain(`connect-src 'self' ${CHAT} ${API} wss://api.sciexperts.test`);
  });

  it('frames the live example from the chat remote, sandboxed', () => {
    renderRoute(DEVELOPERS_PATH);
    const frame = screen.getByTitle('Live example: a partner page with the SciExperts chat');
    expect(frame).toHaveAttribute('src', `${CHAT}${DEVELOPERS_EXAMPLE.examplePath}`);
    expect(frame.getAttribute('sandbox')?.split(' ').sort()).toEqual(['allow-forms', 'allow-popups', 'allow-popups-to-escape-sandbox', 'allow-same-origin', 'allow-scripts']);
    expect(screen.getByRole('link', { name: 'Open the example in a new tab' })).toHaveAttribute('href', `${CHAT}${DEVELOPERS_EXAMPLE.examplePath}`);
  });

  it('copies a sample with the Copy button and says so to a screen reader; says so too when the browser refuses', async () => {
    const user = userEvent.setup();
    renderRoute(DEVELOPERS_PATH);
    const figure = screen.getByRole('figure', { name: /^A theme \(CSS\)/ });
    await user.click(within(figure).getByRole('button', { name: 'Copy: A theme (CSS)' }));
    expect(await navigator.clipboard.readText()).toBe(codeOf('A theme (CSS)'));
    expect(within(figure).getByRole('status')).toHaveTextContent(COPY_MESSAGES.copied);

    const refused = jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('NotAllowedError'));
    await user.click(within(figure).getByRole('button', { name: 'Copy: A theme (CSS)' }));
    expect(within(figure).getByRole('status')).toHaveTextContent(COPY_MESSAGES.refused);
    refused.mockRestore();
  });

  it('without a chat remote in the configuration, shows no frame and says where the example is', () => {
    configureRuntime({ chatOrigin: undefined });
    renderRoute(DEVELOPERS_PATH);
    expect(screen.queryByTitle('Live example: a partner page with the SciExperts chat')).toBeNull();
    expect(screen.getByText('The live example is shown on the site itself.')).toBeInTheDocument();
  });
});
