import { startTransition, Suspense, useRef, useState, type FormEvent } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { waitFor } from '@testing-library/react';
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

/** Types words and sends the form before the page is hydrated, with the shell holding the submission. */
function sendEarly(container: HTMLElement, words: string) {
  holdEarlyInteractions(container);
  typeBeforeHydration(container.querySelector('input')!, words);
  container.querySelector('form')!.requestSubmit();
}

it('marks the document hydrated and replays a search typed and sent before hydration with its words', async () => {
  const sent: string[] = [];
  const page = (
    <OnHydrated>
      <Search onSearch={(words) => sent.push(words)} />
    </OnHydrated>
  );
  const container = renderAsServer(page);
  sendEarly(container, 'food science');
  expect(sent).toEqual([]);
  await hydrate(container, page);
  expect(document.documentElement).toHaveAttribute('data-hydrated');
  await waitFor(() => expect(sent).toEqual(['food science']));
});

/** A part that takes a while to render, as a long page on a busy machine: React's scheduler yields after it. */
function SlowPart() {
  const until = performance.now() + 30;
  while (performance.now() < until) {
    // React hydrates in slices of about 5 ms: this one outlasts its slice, so the rest of the part waits for a later task.
  }
  return <p>Experts in food science</p>;
}

it('replays it into a part React is still hydrating (a remote page is a Suspense boundary, hydrated after the page)', async () => {
  // React's own scheduling, as in the browser (act would run every pass at once): the root commits first, with
  // the boundary still server markup, and the part is hydrated in later tasks. The slow part makes React yield
  // before it reaches the form, so the replay finds the form not yet hydrated, as it did on a busy machine (where
  // a replayed submit event was lost: React hydrates a part for a click, not for a submit).
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  const sent: string[] = [];
  const page = (
    <OnHydrated>
      <Suspense fallback={<p>Loading</p>}>
        <SlowPart />
        <Search onSearch={(words) => sent.push(words)} />
      </Suspense>
    </OnHydrated>
  );
  const container = renderAsServer(page);
  sendEarly(container, 'food science');
  const root = await new Promise<ReturnType<typeof hydrateRoot>>((resolve) => startTransition(() => resolve(hydrateRoot(container, page))));
  await waitFor(() => expect(sent).toEqual(['food science']));
  expect(container.querySelector('input')).toHaveValue('food science');
  root.unmount();
});
