import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useEarlyInput } from '@sciexperts/ui';
import { hydrate, renderAsServer, typeBeforeHydration } from '@sciexperts/ui/testing';
import { holdEarlyInteractions, releaseEarlyInteractions } from './earlyInteractions';

afterEach(async () => {
  await releaseEarlyInteractions();
  document.body.innerHTML = '';
});

function page() {
  document.body.innerHTML = `
    <div id="root">
      <button type="button" id="open">Open</button>
      <form id="search"><input name="q" value="food science" /><button type="submit" id="go">Search</button></form>
      <a href="#next" id="link">Next</a>
    </div>
    <button type="button" id="outside">Outside</button>`;
  return document.getElementById('root')!;
}

it('holds clicks on buttons until the page is hydrated, then replays them in order', async () => {
  const root = page();
  const seen: string[] = [];
  root.addEventListener('click', (event) => seen.push((event.target as Element).id));
  holdEarlyInteractions(root);
  document.getElementById('open')!.click();
  document.getElementById('open')!.click();
  expect(seen).toEqual([]);
  await releaseEarlyInteractions();
  expect(seen).toEqual(['open', 'open']);
  document.getElementById('open')!.click();
  expect(seen).toEqual(['open', 'open', 'open']);
});

it('holds a form sent before hydration and sends it again afterwards', async () => {
  const root = page();
  const sent: string[] = [];
  const form = document.getElementById('search') as HTMLFormElement;
  form.addEventListener('submit', (event) => {
    if (!event.defaultPrevented) sent.push(String(new FormData(form).get('q')));
    event.preventDefault();
  });
  holdEarlyInteractions(root);
  form.requestSubmit();
  expect(sent).toEqual([]);
  await releaseEarlyInteractions();
  expect(sent).toEqual(['food science']);
});

it('replays after the work that follows the release in the same task (the renders the hydrating commit started)', async () => {
  const root = page();
  let words = '';
  const sent: string[] = [];
  const form = document.getElementById('search') as HTMLFormElement;
  form.addEventListener('submit', (event) => {
    if (!event.defaultPrevented) sent.push(words);
    event.preventDefault();
  });
  const replays: Array<() => void> = [];
  holdEarlyInteractions(root, (replay) => replays.push(replay));
  form.requestSubmit();
  const released = releaseEarlyInteractions();
  words = 'food science';
  expect(sent).toEqual([]);
  replays.forEach((replay) => replay());
  await released;
  expect(sent).toEqual(['food science']);
});

it('leaves links and everything outside the page alone', () => {
  const root = page();
  const seen: string[] = [];
  document.addEventListener('click', (event) => seen.push((event.target as Element).id));
  holdEarlyInteractions(root);
  document.getElementById('link')!.click();
  document.getElementById('outside')!.click();
  expect(seen).toEqual(['link', 'outside']);
});

it('drops a held click whose button is gone by then', async () => {
  const root = page();
  const button = document.getElementById('open')!;
  const clicked = jest.fn();
  button.addEventListener('click', clicked);
  holdEarlyInteractions(root);
  button.click();
  button.remove();
  await releaseEarlyInteractions();
  expect(clicked).not.toHaveBeenCalled();
});

describe('with React hydrating a server-rendered form', () => {
  /** As the shell's bootstrap: the held interactions are released once the page's hydrating commit is done. */
  function OnHydrated({ children, released }: { children: ReactNode; released: (replayed: Promise<void>) => void }) {
    useEffect(() => released(releaseEarlyInteractions()), [released]);
    return children;
  }

  function Search({ onSearch }: { onSearch: (words: string) => void }) {
    const [words, setWords] = useState('');
    const box = useRef<HTMLInputElement>(null);
    useEarlyInput(box, words, setWords);
    const submit = (event: FormEvent) => {
      event.preventDefault();
      onSearch(words);
    };
    return (
      <form role="search" onSubmit={submit}>
        <label htmlFor="q">Search experts</label>
        <input id="q" ref={box} type="search" value={words} onChange={(event) => setWords(event.target.value)} />
        <button type="submit">Search</button>
      </form>
    );
  }

  it('sends a search typed and sent before hydration with its words', async () => {
    const sent: string[] = [];
    const app = (released: (replayed: Promise<void>) => void) => (
      <OnHydrated released={released}>
        <Search onSearch={(words) => sent.push(words)} />
      </OnHydrated>
    );
    const container = renderAsServer(app(() => undefined));
    holdEarlyInteractions(container);
    typeBeforeHydration(container.querySelector('input')!, 'food science');
    container.querySelector('form')!.requestSubmit();
    let replayed: Promise<void> | undefined;
    await hydrate(
      container,
      app((released) => {
        replayed = released;
      }),
    );
    await replayed;
    expect(sent).toEqual(['food science']);
  });
});
