import { act, useRef, useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { fireEvent, screen } from '@testing-library/react';
import { hydrate, renderAsServer, typeBeforeHydration } from '../testing/serverRendered';
import { useEarlyInput } from './useEarlyInput';

afterEach(() => {
  document.body.innerHTML = '';
});

/** A controlled search box whose state shows beside it, plus a re-render that has nothing to do with the box. */
function SearchBox({ onSearch }: { onSearch: (words: string) => void }) {
  const [words, setWords] = useState('');
  const [renders, setRenders] = useState(0);
  const box = useRef<HTMLInputElement>(null);
  useEarlyInput(box, words, setWords);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(words);
  };
  return (
    <form onSubmit={submit} aria-label="Search">
      <label htmlFor="words">Words</label>
      <input id="words" ref={box} value={words} onChange={(event) => setWords(event.target.value)} />
      <p data-testid="state">{words}</p>
      <button type="button" onClick={() => setRenders(renders + 1)}>
        Render again {renders}
      </button>
    </form>
  );
}

/** The directory's kind of filter: the choice goes straight to the page's change handler, not to local state. */
function Filters({ country, onChange }: { country: string; onChange: (country: string) => void }) {
  const select = useRef<HTMLSelectElement>(null);
  useEarlyInput(select, country, onChange);
  return (
    <>
      <label htmlFor="country">Country</label>
      <select id="country" ref={select} value={country} onChange={(event) => onChange(event.target.value)}>
        <option value="">Any country</option>
        <option value="DE">Germany</option>
        <option value="FR">France</option>
      </select>
    </>
  );
}

function Note() {
  const [text, setText] = useState('');
  const area = useRef<HTMLTextAreaElement>(null);
  useEarlyInput(area, text, setText);
  return (
    <>
      <label htmlFor="note">Note</label>
      <textarea id="note" ref={area} value={text} onChange={(event) => setText(event.target.value)} />
      <output>{text.length} characters</output>
    </>
  );
}

describe('useEarlyInput', () => {
  it('keeps words typed before hydration: on screen, in the state, through later renders and in a submission', async () => {
    const sent: string[] = [];
    const container = renderAsServer(<SearchBox onSearch={(words) => sent.push(words)} />);
    typeBeforeHydration(screen.getByLabelText('Words'), 'food science');
    await hydrate(container, <SearchBox onSearch={(words) => sent.push(words)} />);
    expect(screen.getByTestId('state')).toHaveTextContent('food science');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Render again/ })));
    expect(screen.getByLabelText('Words')).toHaveValue('food science');
    await act(async () => fireEvent.submit(screen.getByRole('form', { name: 'Search' })));
    expect(sent).toEqual(['food science']);
  });

  it('hands a choice made before hydration to the change handler, once', async () => {
    const chosen: string[] = [];
    const container = renderAsServer(<Filters country="" onChange={(country) => chosen.push(country)} />);
    typeBeforeHydration(screen.getByLabelText('Country') as HTMLSelectElement, 'FR');
    await hydrate(container, <Filters country="" onChange={(country) => chosen.push(country)} />);
    expect(chosen).toEqual(['FR']);
  });

  it('keeps a textarea and what the page derives from it, without a hydration mismatch', async () => {
    const recovered: unknown[] = [];
    const container = renderAsServer(<Note />);
    typeBeforeHydration(screen.getByLabelText('Note'), 'A shelf-life study');
    await hydrate(container, <Note />, (error) => recovered.push(error));
    expect(screen.getByLabelText('Note')).toHaveValue('A shelf-life study');
    expect(screen.getByText('18 characters')).toBeInTheDocument();
    expect(recovered).toEqual([]);
  });

  it('does nothing when nobody touched the field before hydration', async () => {
    const chosen: string[] = [];
    const container = renderAsServer(<Filters country="DE" onChange={(country) => chosen.push(country)} />);
    await hydrate(container, <Filters country="DE" onChange={(country) => chosen.push(country)} />);
    expect(chosen).toEqual([]);
  });

  it('does nothing for a field React created in the browser', async () => {
    const chosen: string[] = [];
    const container = document.createElement('div');
    document.body.append(container);
    await act(async () => createRoot(container).render(<Filters country="DE" onChange={(country) => chosen.push(country)} />));
    expect(screen.getByLabelText('Country')).toHaveValue('DE');
    expect(chosen).toEqual([]);
  });

  it('leaves alone a select the browser showed its first option for (no option carried the rendered value)', async () => {
    const chosen: string[] = [];
    const container = renderAsServer(<Filters country="ZZ" onChange={(country) => chosen.push(country)} />);
    expect(screen.getByLabelText('Country')).toHaveValue('');
    await hydrate(container, <Filters country="ZZ" onChange={(country) => chosen.push(country)} />);
    expect(chosen).toEqual([]);
  });
});
