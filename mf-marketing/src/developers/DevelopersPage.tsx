import { useSyncExternalStore } from 'react';
import { CHAT_EMBED, DEVELOPERS_EXAMPLE, runtimeConfigStore, type RuntimeConfig } from '@sciexperts/shared';
import { Link } from '@sciexperts/shared/router';
import {
  cspSnippet,
  DEVELOPERS_DESCRIPTION,
  DEVELOPERS_PATH,
  DEVELOPERS_SECTIONS,
  DEVELOPERS_TITLE,
  EMBED_PACKAGE,
  EVENT_DETAILS,
  eventsSnippet,
  npmSnippet,
  scriptSnippet,
  THEME_PROPERTIES,
  themeSnippet,
  type EmbedOrigins,
} from '../content/developers';
import { CONTACT } from '../content/platform';
import { absoluteUrl, PageMeta } from '../head/PageMeta';
import { TableOfContents } from '../ui/TableOfContents';
import { CodeBlock } from './CodeBlock';
import page from '../pages/Page.module.css';
import styles from './DevelopersPage.module.css';

/** Where the snippets point when the configuration names no chat remote (a remote shown on its own). */
const UNKNOWN_CHAT_ORIGIN = 'https://CHAT_ORIGIN';

const originOf = (url: string): string => {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
};

function embedOrigins(config: RuntimeConfig): EmbedOrigins {
  return { chat: config.chatOrigin ?? UNKNOWN_CHAT_ORIGIN, api: originOf(config.apiBaseUrl), socket: originOf(config.socketUrl) };
}

const [register, snippet, events, theme, csp, example] = DEVELOPERS_SECTIONS;

/** /developers: the chat embed explained in five steps, with a live example the product serves. */
export function DevelopersPage() {
  // The same configuration on the server and in the browser (the shell sets chatOrigin from the registry on both).
  const config = useSyncExternalStore(runtimeConfigStore.subscribe, runtimeConfigStore.getState, runtimeConfigStore.getState);
  const origins = embedOrigins(config);
  const exampleUrl = config.chatOrigin ? `${config.chatOrigin}${DEVELOPERS_EXAMPLE.examplePath}` : null;

  return (
    <>
      <PageMeta
        title={DEVELOPERS_TITLE}
        description={DEVELOPERS_DESCRIPTION}
        path={DEVELOPERS_PATH}
        structuredData={{ '@context': 'https://schema.org', '@type': 'TechArticle', headline: DEVELOPERS_TITLE, description: DEVELOPERS_DESCRIPTION, url: absoluteUrl(DEVELOPERS_PATH) }}
      />
      <article aria-labelledby="developers-title">
        <div className={page.intro}>
          <div className={page.introInner}>
            <p className={page.eyebrow}>Developers</p>
            <h1 id="developers-title" className={page.title}>
              {DEVELOPERS_TITLE}
            </h1>
            <p className={page.lead}>
              Let your members message SciExperts experts from your own pages. They sign in on SciExperts, so your site never sees their password, and it gets a
              token that opens their messages and nothing else. Five steps, about five minutes.
            </p>
          </div>
        </div>
        <div className={page.body}>
          <TableOfContents entries={DEVELOPERS_SECTIONS.map((section) => ({ id: section.id, label: section.label }))} />

          <section className={page.block} aria-labelledby={register.id}>
            <h2 id={register.id} tabIndex={-1}>
              {register.heading}
            </h2>
            <p>
              A SciExperts operator registers your site as a partner, in the console’s Partners page. Send <a href={`mailto:${CONTACT.support}`}>{CONTACT.support}</a> three things:
            </p>
            <ul className={page.list}>
              <li>your site’s name, which members see when they connect it and beside the messages they send from it;</li>
              <li>the origins you embed the chat from, each exactly (https://portal.example.edu, no wildcards; http://localhost for development);</li>
              <li>a contact address for your developers.</li>
            </ul>
            <p>
              You get a <strong>client id</strong>, which goes in your page, and a <strong>client secret</strong>, shown once. The page never needs the secret: keep it on your
              server, or don’t keep it at all.
            </p>
          </section>

          <section className={page.block} aria-labelledby={snippet.id}>
            <h2 id={snippet.id} tabIndex={-1}>
              {snippet.heading}
            </h2>
            <p>
              Load the embed with one script tag, then put the <code>{`<${CHAT_EMBED.element}>`}</code> element where the chat goes. <code>{CHAT_EMBED.attributes.partner}</code> is your
              client id, <code>{CHAT_EMBED.attributes.with}</code> the SciExperts member to talk to (optional), <code>{CHAT_EMBED.attributes.theme}</code> is{' '}
              {CHAT_EMBED.themes.map((name, index) => (
                <span key={name}>
                  {index > 0 ? ' or ' : ''}
                  <code>{name}</code>
                </span>
              ))}
              .
            </p>
            <CodeBlock label="The script tag and the element (HTML)" language="html" code={scriptSnippet(origins)} />
            <p>
              Or, if your site has a build step, install <code>{EMBED_PACKAGE}</code> from npm and define the element once:
            </p>
            <CodeBlock label="The npm package" language="javascript" code={npmSnippet(origins)} />
            <p>
              When nobody is signed in, the chat shows “{CHAT_EMBED.signInLabel}”. It opens a SciExperts window where the member signs in and agrees to let your site read and send
              their messages; the chat then signs in on your page. Members see and disconnect connected sites in their account settings.
            </p>
          </section>

          <section className={page.block} aria-labelledby={events.id}>
            <h2 id={events.id} tabIndex={-1}>
              {events.heading}
            </h2>
            <p>The element tells your page what happens in the chat with DOM events, which bubble. Two methods drive it.</p>
            <dl className={styles.properties}>
              {EVENT_DETAILS.map((event) => (
                <div key={event.name}>
                  <dt>
                    <code>{event.name}</code>
                  </dt>
                  <dd>{event.when}</dd>
                  <dd>
                    <code>event.detail</code>: <code>{event.detail}</code>
                  </dd>
                </div>
              ))}
            </dl>
            <p>
              <code>open(memberId)</code> opens the conversation with that member; <code>signOut()</code> signs the member out of the chat on your page. Message events carry no text
              unless you add the <code>{CHAT_EMBED.attributes.includeText}</code> attribute: most pages only need a badge.
            </p>
            <CodeBlock label="Listening to the events (JavaScript)" language="javascript" code={eventsSnippet()} />
          </section>

          <section className={page.block} aria-labelledby={theme.id}>
            <h2 id={theme.id} tabIndex={-1}>
              {theme.heading}
            </h2>
            <p>
              Set these CSS custom properties on the element (or any parent); the chat inherits them. Anything else inside the chat is ours, and may change, so style it through
              these only.
            </p>
            <dl className={styles.properties}>
              {THEME_PROPERTIES.map((property) => (
                <div key={property.name}>
                  <dt>
                    <code>{property.name}</code>
                  </dt>
                  <dd>{property.what}</dd>
                </div>
              ))}
            </dl>
            <CodeBlock label="A theme (CSS)" language="css" code={themeSnippet()} />
          </section>

          <section className={page.block} aria-labelledby={csp.id}>
            <h2 id={csp.id} tabIndex={-1}>
              {csp.heading}
            </h2>
            <p>
              The embed needs no inline script or style, so it works under a strict policy. Allow the chat’s origin (<code>{origins.chat}</code>) for scripts, styles and fonts, and
              the API’s (<code>{origins.api}</code>) for its calls and its WebSocket:
            </p>
            <CodeBlock label="The directives to add (HTTP header)" language="http" code={cspSnippet(origins)} />
          </section>

          <section className={page.block} aria-labelledby={example.id}>
            <h2 id={example.id} tabIndex={-1}>
              {example.heading}
            </h2>
            {exampleUrl ? (
              <>
                <p>
                  A partner page served by SciExperts, with the snippet above and a log of the events it receives. Sign in with a SciExperts account to try it; it is registered as
                  a demo partner.
                </p>
                {/*
                  The example is another origin (the chat remote's), framed with the least that lets it work:
                  allow-scripts (the embed is a script), allow-same-origin (without it the frame's origin is "null", which
                  the API's CORS and the partner's registered origin refuse; safe only because that origin is not this
                  page's, so the frame cannot reach into the site), allow-forms (the chat's message box is a form, and a
                  sandbox without it never fires the submit event the chat sends on), allow-popups (the "Sign in with
                  SciExperts" window) and allow-popups-to-escape-sandbox (that window is the site's normal sign-in, not a
                  sandboxed copy). No allow-top-navigation, allow-modals or allow-downloads.
                */}
                <iframe
                  className={styles.example}
                  src={exampleUrl}
                  title="Live example: a partner page with the SciExperts chat"
                  sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
                  loading="lazy"
                />
                <p>
                  <a href={exampleUrl} target="_blank" rel="noopener">
                    Open the example in a new tab
                  </a>
                </p>
              </>
            ) : (
              <p>The live example is shown on the site itself.</p>
            )}
            <p>
              Questions? Write to <a href={`mailto:${CONTACT.support}`}>{CONTACT.support}</a>, or read <Link to="/faq">the FAQ</Link>.
            </p>
          </section>
        </div>
      </article>
    </>
  );
}
