import { useRef, useState, type FormEvent } from 'react';
import { useEarlyInput } from '@sciexperts/ui';
import { hydrate, renderAsServer, typeBeforeHydration } from '@sciexperts/ui/testing';
import { holdEarlyInteractions, releaseEarlyInteractions } from './earlyInteractions';
import { OnHydrated } from './OnHydrated';

afterEach(() => {
  releaseEarlyInteractions();
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-hydrated');
});

/** A controlled search box, as the directory's: the submission sends the state, not the field. */
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

it('marks the document hydrated and replays a search typed and sent before hydration with its words', async () => {
  const sent: string[] = [];
  const page = (
    <OnHydrated>
      <Search onSearch={(words) => sent.push(words)} />
    </OnHydrated>
  );
  const container = renderAsServer(page);
  holdEarlyInteractions(container);
  typeBeforeHydration(container.querySelector('input')!, 'food science');
  container.querySelector('form')!.requestSubmit();
  expect(sent).toEqual([]);
  await hydrate(container, page);
  expect(document.documentElement).toHaveAttribute('data-hydrated');
  expect(sent).toEqual(['food science']);
});

it('replays held clicks once hydrated, when no field had anything to adopt', async () => {
  const clicked: string[] = [];
  const page = (
    <OnHydrated>
      <button type="button" onClick={() => clicked.push('open')}>
        Open
      </button>
    </OnHydrated>
  );
  const container = renderAsServer(page);
  holdEarlyInteractions(container);
  container.querySelector('button')!.click();
  await hydrate(container, page);
  expect(clicked).toEqual(['open']);
});
