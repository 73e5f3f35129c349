// A server-rendered page is on screen before React has attached its handlers to it. A click on a button or a
// form sent in that gap would do nothing (or leave the page); instead they are held and replayed, in order, once
// the page is hydrated. Links are left alone: following one loads the next page, which arrives as HTML too.
// What a person types or chooses meanwhile stays in the fields; each form's fields hand it to their state as they
// are hydrated (useEarlyInput, '@sciexperts/ui'), and the replays come after that (see releaseEarlyInteractions).
const HELD_CONTROLS = 'button, [role="button"], [role="tab"], summary';

/**
 * Runs `replay` after the work already under way: by default the next task, since React renders what the
 * hydrating commit's effects set in the task that releases (tests pass their own).
 */
export type ReplayScheduler = (replay: () => void) => void;

const nextTask: ReplayScheduler = (replay) => {
  setTimeout(replay, 0);
};

let release: (() => Promise<void>) | null = null;

/**
 * Stops holding and replays what was held; call it once the page is hydrated. The replays run after the renders
 * the hydrating commit started: the fields adopt early text in that commit (useEarlyInput), and React renders the
 * adopted state right after the commit's effects, this call among them. A search sent before hydration is then
 * sent again with its words, not with the empty state the page hydrated with. Resolves once replayed.
 */
export function releaseEarlyInteractions(): Promise<void> {
  const releasing = release?.() ?? Promise.resolve();
  release = null;
  return releasing;
}

/** Starts holding clicks and submissions inside `root` until `releaseEarlyInteractions`. */
export function holdEarlyInteractions(root: HTMLElement, later: ReplayScheduler = nextTask): void {
  const held: Array<() => void> = [];
  const onClick = (event: MouseEvent) => {
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>(HELD_CONTROLS) : null;
    if (!control || !root.contains(control)) return;
    event.preventDefault();
    event.stopPropagation();
    held.push(() => {
      if (control.isConnected) control.click();
    });
  };
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !root.contains(form)) return;
    event.preventDefault();
    const submitter = event.submitter instanceof HTMLElement ? event.submitter : null;
    held.push(() => {
      if (form.isConnected) form.requestSubmit(submitter?.isConnected ? submitter : undefined);
    });
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  release = () => {
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('submit', onSubmit, true);
    const replays = held.splice(0);
    if (replays.length === 0) return Promise.resolve();
    return new Promise<void>((done) =>
      later(() => {
        for (const replay of replays) replay();
        done();
      }),
    );
  };
}
