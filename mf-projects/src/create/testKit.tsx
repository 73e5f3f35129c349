// Test helpers for the project form's tests (never imported by the remote's code).
import { render, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from '@sciexperts/shared/router';
import { closeLoginModal, loginModalStore, signIn, useLoginModal, type User } from '@sciexperts/shared';
import { CreateProjectPage } from './CreateProjectPage';
import type { AutosaveDelays } from './ProjectForm';

export const DESCRIPTION = 'We need a biostatistician to analyse ten years of follow-up data from a cohort of patients.';

function Location() {
  const { pathname, search } = useLocation();
  return <div data-testid="location">{`${pathname}${search}`}</div>;
}

/**
 * What the shell's mf-auth modal does, reduced to its effects: a sign-up signs the new member in, closes the
 * modal and opens the chat unless the opener asked to stay (stayAfterSignUp); a log-in signs in and closes; Close
 * just closes.
 */
function AuthModalStandIn({ member }: { member: User }) {
  const { open, tab } = useLoginModal();
  const navigate = useNavigate();
  if (!open) return null;
  return (
    <div role="dialog" aria-label={`Auth modal (${tab})`}>
      <button
        type="button"
        onClick={() => {
          const { stayAfterSignUp } = loginModalStore.getState();
          signIn('new-member-token', member);
          closeLoginModal();
          if (!stayAfterSignUp) void navigate('/chat');
        }}
      >
        Sign up
      </button>
      <button
        type="button"
        onClick={() => {
          signIn('member-token', member);
          closeLoginModal();
        }}
      >
        Log in
      </button>
      <button type="button" onClick={closeLoginModal}>
        Close
      </button>
    </div>
  );
}

export function renderCreatePage(path: string, options: { delays?: AutosaveDelays; member?: User } = {}) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/create-project" element={<CreateProjectPage delays={options.delays} />} />
        <Route path="/projects/:id" element={<h1>The project page</h1>} />
        <Route path="/chat" element={<h1>The chat</h1>} />
      </Routes>
      <Location />
      {options.member && <AuthModalStandIn member={options.member} />}
    </MemoryRouter>,
  );
}

export const location = () => screen.getByTestId('location').textContent;

/** A complete form: title, service, description and a fixed price of $1,500. */
export async function fillValidForm(user: UserEvent, service = 'Statistical Analysis') {
  await user.type(screen.getByLabelText('Title'), 'Survival analysis of a cohort');
  await user.selectOptions(screen.getByLabelText('Service'), service);
  await user.click(screen.getByLabelText('Description'));
  await user.paste(DESCRIPTION);
  await user.type(screen.getByLabelText('Fixed price (USD)'), '1500');
}

export function pdf(name: string, size = 2048): File {
  const file = new File(['%PDF-1.7'], name, { type: 'application/pdf' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
