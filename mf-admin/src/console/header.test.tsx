// The console's header for each role (issue 47): 'Change password' and 'Sign out' are one group, kept on one line
// (white-space: nowrap) and wrapped together, so 'Sign out' never ends on a line of its own whatever the role's number
// of pages; the pages are a row of their own below. axe-clean at a phone's width and a desktop's.
import { screen } from '@testing-library/react';
import { expectNoAxeViolations } from '@sciexperts/ui/testing/axe';
import { adminApi } from './api';
import { renderAt, signedInAs } from './testing';

afterEach(() => jest.restoreAllMocks());

describe.each(['operator', 'finance', 'support'] as const)('the header for %s', (role) => {
  it.each([375, 1280])("keeps 'Change password' and 'Sign out' together, after the pages (%i px)", async (width) => {
    signedInAs(role);
    jest.spyOn(adminApi, 'disputes').mockResolvedValue({ items: [] });
    renderAt('/admin/disputes');
    const signOut = screen.getByRole('button', { name: 'Sign out' });
    const change = screen.getByRole('link', { name: 'Change password' });
    expect(signOut.parentElement).toBe(change.parentElement);
    expect(signOut.parentElement?.children).toHaveLength(2);
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(nav.parentElement).toBe(signOut.parentElement?.parentElement);
    expect(await screen.findByText('No open disputes.')).toBeInTheDocument();
    await expectNoAxeViolations(width);
  });
});
