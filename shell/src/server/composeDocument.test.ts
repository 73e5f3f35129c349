import { createHash } from 'node:crypto';
import { composeDocument, INLINE_STYLE_BUDGET, type PageStylesheet } from './composeDocument';
import type { RenderedPage } from './renderPage';

const template = '<!doctype html><html><head><title>SciExperts</title></head><body><div id="root"></div></body></html>';
const remoteCss = 'http://localhost:8081/__federation_expose_HomePage.1a2b3c4d5e.css';

function renderedPage(overrides: Partial<RenderedPage> = {}): RenderedPage {
  return {
    status: 200,
    html: '<title>Home</title><h1>Hire experts</h1>',
    remotes: ['mf_marketing/HomePage'],
    data: {},
    stylesheets: [remoteCss],
    styleTexts: { [remoteCss]: '.hero{color:#123}' },
    registry: { remotes: [] },
    runtimeConfig: {},
    errors: [],
    ...overrides,
  };
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const shell: PageStylesheet[] = [{ href: '/311.aaaaaaaaaa.css', text: 'body{margin:0}' }];

it("carries the shell's and the page's stylesheets inline, in order, each beside its link the browser does not fetch", () => {
  const { html, styleSources } = composeDocument(template, renderedPage(), shell);
  expect(headOf(html)).toContain(
    '<link rel="stylesheet" href="/311.aaaaaaaaaa.css" disabled><style>body{margin:0}</style>' +
      `<link rel="stylesheet" href="${remoteCss}" disabled><style>.hero{color:#123}</style>`,
  );
  // The page's policy allows exactly these two inline stylesheets.
  expect(styleSources).toEqual([sha256('body{margin:0}'), sha256('.hero{color:#123}')]);
  expect(html).toContain('<div id="root"><h1>Hire experts</h1></div>');
  expect(html.match(/<title>/g)).toHaveLength(1);
});

it('links a stylesheet it could not read, one that refers to files beside it, and what is past the budget', () => {
  const relative = 'http://localhost:8081/relative.2b3c4d5e6f.css';
  const large = 'http://localhost:8081/large.3c4d5e6f7a.css';
  const { html, styleSources } = composeDocument(
    template,
    renderedPage({
      stylesheets: [remoteCss, relative, large],
      styleTexts: { [relative]: '.logo{background:url(logo.svg)}', [large]: `.x{content:"${'x'.repeat(INLINE_STYLE_BUDGET)}"}` },
    }),
    shell,
  );
  const head = headOf(html);
  expect(head).toContain(`<link rel="stylesheet" href="${remoteCss}">`);
  expect(head).toContain(`<link rel="stylesheet" href="${relative}">`);
  expect(head).toContain(`<link rel="stylesheet" href="${large}">`);
  expect(head.match(/<style>/g)).toHaveLength(1);
  expect(styleSources).toEqual([sha256('body{margin:0}')]);
});

it('never lets a stylesheet end its element early, and keeps "$" in the page as it is', () => {
  const { html, styleSources } = composeDocument(
    template,
    renderedPage({ html: '<p>Costs $& more</p>', styleTexts: { [remoteCss]: '.a::after{content:"</style><script>"}' } }),
    [],
  );
  expect(html).not.toContain('<script>');
  expect(headOf(html)).toContain(`<link rel="stylesheet" href="${remoteCss}">`);
  expect(styleSources).toEqual([]);
  expect(html).toContain('<p>Costs $& more</p>');
});
