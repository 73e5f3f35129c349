import { act } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from '@sciexperts/shared/router';
import { ISLAND } from '@sciexperts/shared';
import { routedHref, useStaticLinkRouting } from './useStaticLinkRouting';

/** A page whose parts React has not hydrated, as the server sent them: plain anchors. */
function ServerHtml() {
  return (
    <div
      dangerouslySetInnerHTML={{
        __html: `
          <div ${ISLAND.readOnlyAttribute}>
            <a href="/how-it-works" id="read-only">How it works</a>
            <a href="https://elsewhere.example/" id="elsewhere">Elsewhere</a>
            <a href="/terms" target="_blank" id="new-tab">Terms</a>
            <a href="#faq" id="in-page">FAQ</a>
          </div>
          <div ${ISLAND.attribute}="header"><a href="/find-an-expert" id="pending-island">Find an expert</a></div>
          <div ${ISLAND.attribute}="menu" ${ISLAND.hydratedAttribute}><a href="/blog" id="hydrated-island">Blog</a></div>
          <a href="/join-expert" id="outside">Join</a>`,
      }}
    />
  );
}

function Page() {
  useStaticLinkRouting();
  const { pathname } = useLocation();
  return (
    <>
      <p data-testid="path">{pathname}</p>
      <ServerHtml />
    </>
  );
}

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/']}>
      <Page />
    </MemoryRouter>,
  );
}

const click = (id: string, init: MouseEventInit = {}) => {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  act(() => {
    document.getElementById(id)!.dispatchEvent(event);
  });
  return event;
};

it('routes a plain click on a link React has not hydrated (read-only part, island not yet hydrated) in the page', () => {
  renderPage();
  expect(click('read-only').defaultPrevented).toBe(true);
  expect(screen.getByTestId('path')).toHaveTextContent('/how-it-works');
  expect(click('pending-island').defaultPrevented).toBe(true);
  expect(screen.getByTestId('path')).toHaveTextContent('/find-an-expert');
});

it('leaves to the browser other sites, new tabs, modified clicks, in-page links and links React handles', () => {
  renderPage();
  for (const id of ['elsewhere', 'new-tab', 'hydrated-island', 'outside']) expect(click(id).defaultPrevented).toBe(false);
  expect(click('read-only', { ctrlKey: true }).defaultPrevented).toBe(false);
  expect(click('read-only', { button: 1 }).defaultPrevented).toBe(false);
  expect(screen.getByTestId('path')).toHaveTextContent('/');
});

it('names the path, query and fragment to route to', () => {
  document.body.innerHTML = `<div ${ISLAND.readOnlyAttribute}><a href="/find-an-expert?q=food#results" id="a">x</a><a href="/?x=1#top" id="b">y</a></div>`;
  const clickOn = (id: string) => {
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    Object.defineProperty(event, 'target', { value: document.getElementById(id) });
    return event;
  };
  expect(routedHref(clickOn('a'), window.location)).toBe('/find-an-expert?q=food#results');
  expect(routedHref(clickOn('b'), window.location)).toBe('/?x=1#top');
});
