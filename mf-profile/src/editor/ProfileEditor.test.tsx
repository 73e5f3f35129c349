import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ApiError, authStore, signIn } from '@sciexperts/shared';
import { userApi, vettingApi } from '@sciexperts/shared/member';
import { ProfileEditor } from './ProfileEditor';
import { makeUser, offeredDataScience } from '../test/fixtures';

function mockLists(counts: { work?: number; education?: number; certification?: number; publication?: number } = {}) {
  const list = (n = 0) => Array.from({ length: n }, (_, i) => ({ id: i + 1 }));
  jest.spyOn(userApi, 'getWorkExperiences').mockResolvedValue(list(counts.work) as never);
  jest.spyOn(userApi, 'getEducation').mockResolvedValue(list(counts.education) as never);
  jest.spyOn(userApi, 'getCertifications').mockResolvedValue(list(counts.certification) as never);
  jest.spyOn(userApi, 'getPublications').mockResolvedValue(list(counts.publication) as never);
  jest.spyOn(vettingApi, 'mine').mockResolvedValue({ status: 'none', verified: false, orcidId: null, request: null });
}

const renderEditor = () =>
  render(
    <MemoryRouter>
      <ProfileEditor />
    </MemoryRouter>,
  );

beforeEach(() => {
  localStorage.clear();
  // The stored user may be partial (as after a sign-in elsewhere); the editor loads the full one.
  act(() => signIn('token', { id: 7, firstName: 'Ada' } as never));
});
afterEach(() => jest.restoreAllMocks());

describe('ProfileEditor', () => {
  it('shows skeletons while loading, then the real state in chips and percentage, and stores the loaded user', async () => {
    const full = makeUser({ offeredServices: [offeredDataScience] });
    jest.spyOn(userApi, 'getById').mockResolvedValue(full);
    jest.spyOn(userApi, 'getAllServices').mockResolvedValue([]);
    mockLists({ education: 1 });
    renderEditor();
    expect(screen.getByText('Loading your profile...')).toBeInTheDocument();
    expect(await screen.findByText('Profile 80% complete')).toBeInTheDocument();
    const chips = within(screen.getByRole('navigation', { name: 'Profile completion' }));
    expect(chips.getByRole('button', { name: 'Services: completed' })).toBeInTheDocument();
    expect(chips.getByRole('button', { name: 'Work Experience: required, not completed yet' })).toBeInTheDocument();
    expect(chips.getByRole('button', { name: 'Education: completed' })).toBeInTheDocument();
    expect(authStore.getState().user).toEqual(full);
    const tracker = within(screen.getByRole('navigation', { name: 'Profile sections' }));
    expect(tracker.getAllByRole('link').map((link) => link.textContent)).toEqual(['Profile Details', 'Services', 'Work Experience', 'Education', 'Certification', 'Publication', 'Profile Privacy', 'Verification']);
    // jsdom has no layout, so which one is current is not meaningful here; exactly one is (e2e checks the real one).
    expect(tracker.getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'location')).toHaveLength(1);
  });

  it('a saved change turns its chip complete without a reload', async () => {
    jest.spyOn(userApi, 'getById').mockResolvedValue(makeUser({ headline: null }));
    jest.spyOn(userApi, 'update').mockResolvedValue(makeUser({ headline: 'Epidemiologist' }));
    jest.spyOn(userApi, 'getAllServices').mockResolvedValue([]);
    mockLists();
    renderEditor();
    expect(await screen.findByRole('button', { name: 'Headline: required, not completed yet' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Headline'), 'Epidemiologist');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Headline: completed' })).toBeInTheDocument();
    expect(screen.getByText('Profile saved successfully!')).toBeInTheDocument();
  });

  it('clicking a chip focuses its section heading', async () => {
    jest.spyOn(userApi, 'getById').mockResolvedValue(makeUser());
    jest.spyOn(userApi, 'getAllServices').mockResolvedValue([]);
    mockLists();
    renderEditor();
    await userEvent.click(await screen.findByRole('button', { name: /^Publication/ }));
    expect(screen.getByRole('heading', { name: 'Publication' })).toHaveFocus();
  });

  it('the privacy switch saves isProfilePublic', async () => {
    jest.spyOn(userApi, 'getById').mockResolvedValue(makeUser());
    jest.spyOn(userApi, 'getAllServices').mockResolvedValue([]);
    const update = jest.spyOn(userApi, 'update').mockResolvedValue(makeUser({ isProfilePublic: true }));
    mockLists();
    renderEditor();
    const toggle = await screen.findByRole('switch', { name: 'Show my profile in the expert directory and to visitors' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    expect(update).toHaveBeenCalledWith(7, { isProfilePublic: true });
    expect(await screen.findByText('Your profile is now in the expert directory and visible to visitors.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Show my profile in the expert directory and to visitors' })).toHaveAttribute('aria-checked', 'true');
  });

  it('says when the profile cannot be loaded and retries', async () => {
    const getById = jest.spyOn(userApi, 'getById').mockRejectedValueOnce(new ApiError('Server error', 500, null)).mockResolvedValueOnce(makeUser());
    jest.spyOn(userApi, 'getAllServices').mockResolvedValue([]);
    mockLists();
    renderEditor();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your profile: 500 Server error');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Headline')).toHaveValue('Statistician');
    expect(getById).toHaveBeenCalledTimes(2);
  });
});
