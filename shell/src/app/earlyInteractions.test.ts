import { ISLAND } from '@sciexperts/shared';
import { holdEarlyInteractions, releaseEarlyInteractions } from './earlyInteractions';

/** The replays run in a task of their own after the release. */
const replayed = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  releaseEarlyInteractions();
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
  expect(seen).toEqual([]);
  releaseEarlyInteractions();
  await replayed();
  expect(seen).toEqual(['open']);
  document.getElementById('open')!.click();
  expect(seen).toEqual(['open', 'open']);
});

/** Records what each submission of `form` that got through sent, and by which button. */
function recordSubmissions(form: HTMLFormElement): string[] {
  const sent: string[] = [];
  form.addEventListener('submit', (event) => {
    if (!event.defaultPrevented) sent.push(`${String(new FormData(form).get('q'))} by ${event.submitter?.id ?? 'no button'}`);
    event.preventDefault();
  });
  return sent;
}

it('holds a form sent from a field before hydration and sends it again with a click on its default button', async () => {
  // React hydrates a part for a click, not for a submit event: the click is what lets a part still being hydrated
  // take the submission.
  const root = page();
  const form = document.getElementById('search') as HTMLFormElement;
  const sent = recordSubmissions(form);
  const clicks: string[] = [];
  root.addEventListener('click', (event) => clicks.push((event.target as Element).id));
  holdEarlyInteractions(root);
  form.requestSubmit();
  expect(sent).toEqual([]);
  releaseEarlyInteractions();
  await replayed();
  expect(clicks).toEqual(['go']);
  expect(sent).toEqual(['food science by go']);
});

it('sends a form with no submit button again as it was sent', async () => {
  const root = page();
  const form = document.getElementById('search') as HTMLFormElement;
  document.getElementById('go')!.remove();
  const sent = recordSubmissions(form);
  holdEarlyInteractions(root);
  form.requestSubmit();
  releaseEarlyInteractions();
  await replayed();
  expect(sent).toEqual(['food science by no button']);
});

it('replays after the code that released has finished (React cannot take events inside its own effects)', async () => {
  const root = page();
  const seen: string[] = [];
  let inEffect = false;
  root.addEventListener('click', () => seen.push(inEffect ? 'during the effect' : 'after it'));
  holdEarlyInteractions(root);
  document.getElementById('open')!.click();
  inEffect = true;
  releaseEarlyInteractions();
  inEffect = false;
  await replayed();
  expect(seen).toEqual(['after it']);
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
  releaseEarlyInteractions();
  await replayed();
  expect(clicked).not.toHaveBeenCalled();
});

describe('islands', () => {
  function pageWithIsland() {
    document.body.innerHTML = `
      <div id="root">
        <button type="button" id="page">Page</button>
        <div data-island="search" id="island"><form id="search"><input name="q" value="food science" /><button type="submit" id="go">Search</button></form></div>
      </div>`;
    return document.getElementById('root')!;
  }

  it('holds what is done on an island past the page’s hydration, until the island says it is hydrated', async () => {
    const root = pageWithIsland();
    const seen: string[] = [];
    root.addEventListener('click', (event) => seen.push((event.target as Element).id));
    holdEarlyInteractions(root);
    document.getElementById('go')!.click();
    releaseEarlyInteractions();
    await replayed();
    expect(seen).toEqual([]);
    // The page is hydrated: a click outside islands goes straight through, one on the island is still held.
    document.getElementById('page')!.click();
    document.getElementById('go')!.click();
    expect(seen).toEqual(['page']);

    const island = document.getElementById('island')!;
    island.setAttribute(ISLAND.hydratedAttribute, '');
    island.dispatchEvent(new CustomEvent(ISLAND.hydratedEvent, { bubbles: true }));
    await replayed();
    expect(seen).toEqual(['page', 'go', 'go']);
    // Hydrated: nothing is held there any more.
    document.getElementById('go')!.click();
    expect(seen).toEqual(['page', 'go', 'go', 'go']);
  });

  it('lets what was held go through, as the browser would, when an island’s code could not load', async () => {
    const root = pageWithIsland();
    const form = document.getElementById('search') as HTMLFormElement;
    const sent = recordSubmissions(form);
    holdEarlyInteractions(root);
    releaseEarlyInteractions();
    form.requestSubmit();
    await replayed();
    expect(sent).toEqual([]);
    const island = document.getElementById('island')!;
    island.setAttribute(ISLAND.failedAttribute, '');
    island.dispatchEvent(new CustomEvent(ISLAND.hydratedEvent, { bubbles: true }));
    await replayed();
    expect(sent).toEqual(['food science by go']);
  });
});
