import { act, startTransition, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { waitFor } from '@testing-library/react';
import { ISLAND } from '@sciexperts/shared';
import { hydrate, prerenderAsServer, typeBeforeHydration } from '../testing/serverRendered';
import { useEarlyInput } from '../field/useEarlyInput';
import { Island } from './Island';
import { ReadOnly } from './ReadOnly';

/** requestIdleCallback under the test's control: jsdom has none, and an island would otherwise load at once. */
let idleCallbacks: Array<() => void> = [];
beforeEach(() => {
  idleCallbacks = [];
  Object.assign(window, {
    requestIdleCallback: (callback: () => void) => idleCallbacks.push(callback),
    cancelIdleCallback: () => undefined,
  });
});
afterEach(() => {
  document.body.innerHTML = '';
  delete (window as { requestIdleCallback?: unknown }).requestIdleCallback;
  delete (window as { cancelIdleCallback?: unknown }).cancelIdleCallback;
});

const hydratedByReact = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      {label} {count}
    </button>
  );
}

function SearchBox({ onSearch }: { onSearch: (words: string) => void }) {
  const [words, setWords] = useState('');
  const box = useRef<HTMLInputElement>(null);
  useEarlyInput(box, words, setWords);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(words);
      }}
    >
      <label htmlFor="words">Words</label>
      <input id="words" ref={box} value={words} onChange={(event) => setWords(event.target.value)} />
      <button type="submit">Search</button>
    </form>
  );
}

/**
 * A module loader counting how often the island asked for it. A new one for the server's render and for the
 * browser's: they are two processes, and an island's code, once loaded, is kept for every island that loads it.
 */
function controlledLoad<Props>(component: React.ComponentType<Props>) {
  const calls = { count: 0 };
  return { calls, load: () => ((calls.count += 1), Promise.resolve(component)) };
}
const serverLoad =
  <Props,>(component: React.ComponentType<Props>) =>
  () =>
    Promise.resolve(component);

describe('ReadOnly', () => {
  it('keeps the server HTML unhydrated: its handlers never run, while the rest of the page is hydrated', async () => {
    const clicks: string[] = [];
    const page = (
      <main>
        <button type="button" onClick={() => clicks.push('outside')}>
          Outside
        </button>
        <ReadOnly>
          <p>Only read</p>
          <button type="button" onClick={() => clicks.push('inside')}>
            Inside
          </button>
        </ReadOnly>
      </main>
    );
    const container = await prerenderAsServer(page);
    const text = container.querySelector('p')!;
    await hydrate(container, page);
    expect(container.querySelector(`[${ISLAND.readOnlyAttribute}]`)).not.toBeNull();
    // The same element the server sent, never taken over by React.
    expect(container.querySelector('p')).toBe(text);
    expect(hydratedByReact(text)).toBe(false);
    await act(async () => container.querySelectorAll('button')[1]!.click());
    await act(async () => container.querySelectorAll('button')[0]!.click());
    expect(clicks).toEqual(['outside']);
  });

  it('renders its children when the browser renders the page itself, and shows new children after hydration', async () => {
    function Page() {
      const [n, setN] = useState(1);
      return (
        <>
          <button type="button" onClick={() => setN((value) => value + 1)}>
            Next
          </button>
          <ReadOnly>
            <p>Page {n}</p>
          </ReadOnly>
        </>
      );
    }
    const fresh = document.createElement('div');
    document.body.append(fresh);
    await act(async () => createRoot(fresh).render(<Page />));
    expect(fresh.querySelector('p')).toHaveTextContent('Page 1');

    const container = await prerenderAsServer(<Page />);
    await hydrate(container, <Page />);
    await act(async () => container.querySelector('button')!.click());
    expect(container.querySelector('p')).toHaveTextContent('Page 2');
  });
});

describe('Island', () => {
  it('renders in full on the server, then stays as server HTML until the page is idle', async () => {
    const { calls, load } = controlledLoad(Counter);
    const container = await prerenderAsServer(<Island name="counter" load={serverLoad(Counter)} props={{ label: 'Clicked' }} />);
    const island = container.querySelector(`[${ISLAND.attribute}="counter"]`)!;
    expect(island).toHaveTextContent('Clicked 0');

    await hydrate(container, <Island name="counter" load={load} props={{ label: 'Clicked' }} />);
    expect(calls.count).toBe(0);
    expect(island).not.toHaveAttribute(ISLAND.hydratedAttribute);
    expect(hydratedByReact(island.querySelector('button')!)).toBe(false);

    await act(async () => idleCallbacks.forEach((callback) => callback()));
    await waitFor(() => expect(island).toHaveAttribute(ISLAND.hydratedAttribute));
    expect(calls.count).toBe(1);
    await act(async () => island.querySelector('button')!.click());
    expect(island).toHaveTextContent('Clicked 1');
  });

  it('loads and hydrates when touched, says so with its event, and keeps what was typed before', async () => {
    const searches: string[] = [];
    const { load } = controlledLoad(SearchBox);
    const props = { onSearch: (words: string) => searches.push(words) };
    const container = await prerenderAsServer(<Island name="search" load={serverLoad(SearchBox)} props={props} />);
    await hydrate(container, <Island name="search" load={load} props={props} />);
    const island = container.querySelector(`[${ISLAND.attribute}="search"]`)!;
    const announced = jest.fn();
    island.addEventListener(ISLAND.hydratedEvent, announced);

    const box = container.querySelector('input')!;
    // In act, as React's test mode wants the work a resolved island schedules (a browser just runs it).
    await act(async () => {
      box.dispatchEvent(new Event('focusin', { bubbles: true }));
      typeBeforeHydration(box, 'food science');
    });
    await waitFor(() => expect(island).toHaveAttribute(ISLAND.hydratedAttribute));
    expect(announced).toHaveBeenCalledTimes(1);
    await act(async () => container.querySelector<HTMLButtonElement>('button')!.click());
    expect(searches).toEqual(['food science']);
  });

  it('renders new props once hydrated', async () => {
    function Page({ load }: { load: () => Promise<React.ComponentType<{ label: string }>> }) {
      const [label, setLabel] = useState('First');
      return (
        <>
          <button type="button" onClick={() => setLabel('Second')}>
            Rename
          </button>
          <Island name="counter" load={load} props={{ label }} />
        </>
      );
    }
    const container = await prerenderAsServer(<Page load={serverLoad(Counter)} />);
    await hydrate(container, <Page load={serverLoad(Counter)} />);
    await act(async () => idleCallbacks.forEach((callback) => callback()));
    const island = container.querySelector(`[${ISLAND.attribute}]`)!;
    await waitFor(() => expect(island).toHaveAttribute(ISLAND.hydratedAttribute));
    await act(async () => container.querySelector('button')!.click());
    expect(island).toHaveTextContent('Second 0');
  });

  it('keeps its server HTML and says it failed when its code cannot load', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const container = await prerenderAsServer(<Island name="counter" load={serverLoad(Counter)} props={{ label: 'Clicked' }} />);
    await hydrate(container, <Island name="counter" load={() => Promise.reject(new Error('offline'))} props={{ label: 'Clicked' }} />);
    const island = container.querySelector(`[${ISLAND.attribute}]`)!;
    await act(async () => idleCallbacks.forEach((callback) => callback()));
    await waitFor(() => expect(island).toHaveAttribute(ISLAND.failedAttribute));
    expect(island).toHaveTextContent('Clicked 0');
    expect(island).not.toHaveAttribute(ISLAND.hydratedAttribute);
    warn.mockRestore();
  });

  it('renders as soon as its code loads when the browser renders the page itself', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    await act(async () => createRoot(container).render(<Island name="counter" load={() => Promise.resolve(Counter)} props={{ label: 'Clicked' }} />));
    await waitFor(() => expect(container).toHaveTextContent('Clicked 0'));
    expect(idleCallbacks).toHaveLength(0);
  });
  it('renders with its page in a navigation (a transition) whose render waits for its code, with no error recovered', async () => {
    const recovered: unknown[] = [];
    const container = document.createElement('div');
    document.body.append(container);
    let arrive: (component: typeof Counter) => void = () => undefined;
    const code = new Promise<typeof Counter>((resolve) => (arrive = resolve));
    const root = createRoot(container, { onRecoverableError: (error) => recovered.push(error) });
    await act(async () => {
      startTransition(() => root.render(<Island name="counter" load={() => code} props={{ label: 'Clicked' }} />));
      // The code arrives while React waits on it mid-render: React then replays the island's component where it
      // stopped, and a hook it had not reached must mount then.
      await Promise.resolve();
      arrive(Counter);
    });
    await waitFor(() => expect(container).toHaveTextContent('Clicked 0'));
    expect(container.querySelector(`[${ISLAND.attribute}]`)).toHaveAttribute(ISLAND.hydratedAttribute);
    expect(recovered).toEqual([]);
  });
});

describe('a page that starts changing', () => {
  it('hydrates its read-only parts and islands, so that a navigation (a transition) reaching them commits', async () => {
    const { releaseIslands } = await import('@sciexperts/shared');
    function Page({ load }: { load: () => Promise<React.ComponentType<{ label: string }>> }) {
      const [n, setN] = useState(1);
      return (
        <>
          <button type="button" id="next" onClick={() => startTransition(() => setN((value) => value + 1))}>
            Next
          </button>
          <ReadOnly>
            <p>Page {n}</p>
          </ReadOnly>
          <Island name="counter" load={load} props={{ label: 'Island' }} />
        </>
      );
    }
    const container = await prerenderAsServer(<Page load={serverLoad(Counter)} />);
    await hydrate(container, <Page load={() => Promise.resolve(Counter)} />);
    // As the shell does when its router starts a navigation.
    releaseIslands();
    await act(async () => container.querySelector<HTMLButtonElement>('#next')!.click());
    await waitFor(() => expect(container.querySelector('p')).toHaveTextContent('Page 2'));
    await waitFor(() => expect(container.querySelector(`[${ISLAND.attribute}]`)).toHaveAttribute(ISLAND.hydratedAttribute));
    expect(hydratedByReact(container.querySelector('p')!)).toBe(true);
  });
});

describe('defineIsland', () => {
  it('loads its code at once where no island waits in the server HTML, and not on a page whose islands wait', async () => {
    const { defineIsland } = await import('./defineIsland');
    document.body.innerHTML = `<div ${ISLAND.attribute}="other"></div>`;
    const waiting = controlledLoad(Counter);
    defineIsland('counter', waiting.load);
    expect(waiting.calls.count).toBe(0);

    document.body.innerHTML = '';
    const alone = controlledLoad(Counter);
    defineIsland('counter', alone.load);
    expect(alone.calls.count).toBe(1);
  });
});
