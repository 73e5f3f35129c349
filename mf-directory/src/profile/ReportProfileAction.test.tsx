import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations } from '@sciexperts/ui/testing/axe';
import { authStore, loginModalStore, type User } from '@sciexperts/shared';
import { directoryApi } from '../api/directoryApi';
import { profile } from '../test/fixtures';
import { onProfileSignedOut } from '../test/profilePage';
import { renderRoute } from '../test/renderRoute';

jest.mock('../api/directoryApi', () => ({ ...jest.requireActual('../api/directoryApi'), directoryApi: { search: jest.fn(), profile: jest.fn() } }));
const load = directoryApi.profile as jest.MockedFunction<typeof directoryApi.profile>;

beforeEach(() => {
  load.mockReset();
  onProfileSignedOut();
});
afterEach(() => jest.restoreAllMocks());

describe("'Report' on an expert's public profile", () => {
  it('sends a signed-out visitor to sign in and back to the profile', async () => {
    const user = userEvent.setup();
    load.mockResolvedValue(profile());
    renderRoute('/experts/42-ada-lovelace');
    await user.click(await screen.findByRole('button', { name: 'Report Ada Lovelace’s profile' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(loginModalStore.getState()).toMatchObject({ open: true, tab: 'login', returnTo: '/experts/42-ada-lovelace' });
  });

  it('opens the Report dialog for a member and sends the profile as the target; axe-clean at 1280 and 375 px', async () => {
    const user = userEvent.setup();
    act(() => authStore.setState({ status: 'ready', token: 't', user: { id: 7, firstName: 'Grace', lastName: 'Hopper' } as User }));
    load.mockResolvedValue(profile());
    const bodies: unknown[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const req = input instanceof Request ? input : new Request(String(input), init);
      bodies.push(JSON.parse(await req.text()));
      return new Response(JSON.stringify({ id: 9, message: 'Thank you. The SciExperts team reviews every report.' }), { status: 201, headers: { 'content-type': 'application/json' } });
    });
    renderRoute('/experts/42-ada-lovelace');
    await user.click(await screen.findByRole('button', { name: 'Report Ada Lovelace’s profile' }));
    expect(screen.getByRole('dialog', { name: 'Report Ada Lovelace’s profile' })).toBeInTheDocument();
    await expectNoAxeViolations(375);
    await user.click(screen.getByRole('radio', { name: 'Inappropriate content' }));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thank you. The SciExperts team reviews every report.')).toBeInTheDocument();
    expect(bodies).toEqual([{ targetType: 'profile', targetId: 42, reason: 'inappropriate' }]);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await expectNoAxeViolations(1280);
  });

  it("has no Report on one's own profile, and tells its owner why SciExperts hid it", async () => {
    act(() => authStore.setState({ status: 'ready', token: 't', user: { id: 42, firstName: 'Ada', lastName: 'Lovelace' } as User }));
    load.mockResolvedValue(profile({ isHidden: true, hiddenBySciExperts: 'Claims a degree the university has no record of.' }));
    renderRoute('/experts/42-ada-lovelace');
    expect(await screen.findByRole('note')).toHaveTextContent('Hidden by SciExperts: Claims a degree the university has no record of.');
    expect(screen.queryByRole('button', { name: /^Report/ })).toBeNull();
  });
});
