// What the console's jest tests share: an operator signed in with a role, and the admin app rendered at a path as the
// shell mounts it (under /admin/*). Tests only: no bundle imports it.
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@sciexperts/shared/router';
import type { OperatorRole } from '@sciexperts/shared/member';
import AdminApp from '../exposes/AdminApp';
import { setSession } from './session';

/** Signs in an operator with `role` for an hour (`<role>@ops.test`, token `op_t`). */
export function signedInAs(role: OperatorRole): void {
  setSession({ token: 'op_t', expiresAt: new Date(Date.now() + 3600_000).toISOString(), operator: { id: 1, email: `${role}@ops.test`, role } });
}

/** Renders the admin app at `path`, mounted under /admin/* as the shell does. */
export function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/*" element={<AdminApp />} />
      </Routes>
    </MemoryRouter>,
  );
}
