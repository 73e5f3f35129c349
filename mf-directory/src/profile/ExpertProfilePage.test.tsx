import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, authStore, callPickerStore, expertCalendarApi, loginModalStore, type User } from '@sciexperts/shared';
import { directoryApi } from '../api/directoryApi';
import { profile } from '../test/fixtures';
import { PERSON_DESCRIPTION_MAX } from './ExpertProfilePage';
import { onProfileSignedOut } from '../test/profilePage';
import { renderRoute } from '../test/renderRoute';

jest.mock('../api/directoryApi', () => ({ ...jest.requireActual('../api/directoryApi'), directoryApi: { search: jest.fn(), profile: jest.fn() } }));
const load = directoryApi.profile as jest.MockedFunction<typeof directoryApi.profile>;

const structuredData = () => [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) => JSON.parse(script.textContent ?? '') as unknown);

const member = { id: 7, firstName: 'Grace', lastName: 'Hopper' } as User;

beforeEach(() => {
  load.mockReset();
  onProfileSignedOut();
});

describe('an expert’s public profile', () => {
  it('shows every section in the editor’s order and words', async () => {
    load.mockResolvedValue(profile());
    renderRoute('/experts/42-ada-lovelace');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith(42);
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual(['Summary', 'Services', 'Work Experience', 'Education', 'Certification', 'Publication']);
    expect(screen.getByText('Biostatistician for clinical trials')).toBeInTheDocument();
    expect(screen.getByText('$85/hr')).toBeInTheDocument();
    expect(screen.getByText('United Kingdom')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Statistical Analysis: practice areas' })).toHaveTextContent('BiostatisticsBayesian Analysis');
    expect(screen.getByText('Mar 2019 – Present')).toBeInTheDocument();
    expect(screen.getByText('Sep 2010 – Jun 2014')).toBeInTheDocument();
    expect(screen.getByText('Jan 2015 – Present')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Notes on the Analytical Engine/ })).toHaveAttribute('href', 'https://doi.example/1');
    expect(screen.getByText('March 2021')).toHaveAttribute('dateTime', '2021-03');
    expect(screen.getByText('AL')).toBeInTheDocument();
    expect(document.title).toBe('Ada Lovelace, Biostatistician for clinical trials | SciExperts');
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('http://localhost/experts/42-ada-lovelace');
  });

  it('shows the Verified badge in the heading of a verified expert, and none otherwise', async () => {
    load.mockResolvedValue(profile({ verified: true }));
    renderRoute('/experts/42-ada-lovelace');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace Verified expert' });
    expect(heading).toContainElement(screen.getByRole('img', { name: 'Verified expert' }));
  });

  it('leaves out empty sections', async () => {
    load.mockResolvedValue(profile({ profileSummary: null, offeredServices: [], workExperiences: [], educations: [], certifications: [], publications: [] }));
    renderRoute('/experts/42-ada-lovelace');
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    expect(screen.queryAllByRole('heading', { level: 2 })).toEqual([]);
  });

  it('moves /experts/42 and an old name to the readable address', async () => {
    load.mockResolvedValue(profile());
    renderRoute('/experts/42-old-name');
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    expect(screen.getByTestId('location')).toHaveTextContent('/experts/42-ada-lovelace');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks a visitor to sign in before Message, and brings them to that conversation afterwards', async () => {
    load.mockResolvedValue(profile());
    const user = userEvent.setup();
    renderRoute('/experts/42-ada-lovelace');
    await user.click(await screen.findByRole('button', { name: 'Message' }));
    expect(loginModalStore.getState()).toEqual({ open: true, tab: 'login', returnTo: '/chat?with=42', stayAfterSignUp: false });
  });

  it("offers 'Schedule a call': a visitor signs in first and comes back to the picker, a member opens it at once", async () => {
    load.mockResolvedValue(profile());
    const user = userEvent.setup();
    const { unmount } = renderRoute('/experts/42-ada-lovelace');
    await user.click(await screen.findByRole('button', { name: 'Schedule a call' }));
    expect(loginModalStore.getState()).toMatchObject({ open: true, tab: 'login', returnTo: '/experts/42-ada-lovelace?scheduleCall=42' });
    expect(callPickerStore.getState()).toMatchObject({ expertId: null, pending: 42, proposeTo: null });
    unmount();
    act(() => authStore.setState({ status: 'ready', token: 't', user: member }));
    renderRoute('/experts/42-ada-lovelace');
    await user.click(await screen.findByRole('button', { name: 'Schedule a call' }));
    expect(callPickerStore.getState()).toMatchObject({ expertId: 42, pending: null, proposeTo: null });
    act(() => callPickerStore.setState({ expertId: null, pending: null }));
  });

  it('says the expert has not opened their calendar instead of offering a call, with Message beside it', async () => {
    load.mockResolvedValue(profile());
    jest.spyOn(expertCalendarApi, 'status').mockResolvedValue({ expertId: 42, expertName: 'Ada Lovelace', open: false, timeZone: null, lengths: [], lengthMinutes: null, slots: [] });
    renderRoute('/experts/42-ada-lovelace');
    expect(await screen.findByText('Ada has not opened their calendar yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Schedule a call' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Message' })).toBeInTheDocument();
  });

  it('gives a member a link to the conversation, and the owner a link to edit', async () => {
    load.mockResolvedValue(profile());
    act(() => authStore.setState({ status: 'ready', token: 't', user: member }));
    const { unmount } = renderRoute('/experts/42-ada-lovelace');
    expect(await screen.findByRole('link', { name: 'Message' })).toHaveAttribute('href', '/chat?with=42');
    unmount();
    act(() => authStore.setState({ status: 'ready', token: 't', user: { ...member, id: 42 } }));
    load.mockResolvedValue(profile({ isHidden: true }));
    renderRoute('/experts/42-ada-lovelace');
    expect(await screen.findByRole('note')).toHaveTextContent('Only you can see this page');
    expect(screen.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByRole('button', { name: 'Message' })).toBeNull();
  });

  it('says a hidden or unknown profile is not available, and a failed load can be retried', async () => {
    load.mockRejectedValueOnce(new ApiError('This profile is not available.', 404, null));
    const { unmount } = renderRoute('/experts/41-someone');
    expect(await screen.findByRole('heading', { level: 1, name: 'This profile is not available.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find another expert' })).toHaveAttribute('href', '/find-an-expert');
    unmount();

    renderRoute('/experts/not-a-number').unmount();
    expect(load).toHaveBeenCalledTimes(1);

    load.mockRejectedValueOnce(new ApiError('offline', 0, null)).mockResolvedValueOnce(profile());
    const user = userEvent.setup();
    renderRoute('/experts/42-ada-lovelace');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach SciExperts');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
  });

  it('describes a visible profile as a schema.org Person, without contact details', async () => {
    const summary = `  Fifteen years of trial statistics.\n\n  ${'I write analysis plans regulators accept. '.repeat(20)}  `;
    const withContact = { ...profile({ profileSummary: summary, profImgUrl: 'https://api.example/img/42.png' }), email: 'ada@example.com', phoneNumber: '+44 20 7946 0000' };
    load.mockResolvedValue(withContact);
    renderRoute('/experts/42-ada-lovelace');
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    const scripts = document.querySelectorAll('script[type="application/ld+json"]');
    expect(scripts).toHaveLength(1);
    const text = scripts[0]?.textContent ?? '';
    const data = JSON.parse(text) as Record<string, unknown>;
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: 'Ada Lovelace',
      jobTitle: 'Biostatistician for clinical trials',
      description: expect.stringMatching(/^Fifteen years of trial statistics\. I write analysis plans regulators accept\. I write/),
      image: 'https://api.example/img/42.png',
      url: 'http://localhost/experts/42-ada-lovelace',
      address: { '@type': 'PostalAddress', addressCountry: 'GB' },
      knowsAbout: ['Statistical Analysis', 'Biostatistics', 'Bayesian Analysis'],
    });
    expect((data.description as string).length).toBeLessThanOrEqual(PERSON_DESCRIPTION_MAX);
    expect(data.description).toMatch(/…$/);
    expect(text).not.toMatch(/ada@example\.com|7946|email|phone|telephone/i);
  });

  it('leaves out empty facts, and gives no structured data for a hidden, missing or loading profile', async () => {
    load.mockResolvedValue(profile({ headline: '', profileSummary: '   ', profImgUrl: null, country: null, offeredServices: [] }));
    const { unmount } = renderRoute('/experts/42-ada-lovelace');
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    expect(structuredData()).toEqual([{ '@context': 'https://schema.org', '@type': 'Person', name: 'Ada Lovelace', url: 'http://localhost/experts/42-ada-lovelace' }]);
    unmount();

    act(() => authStore.setState({ status: 'ready', token: 't', user: { ...member, id: 42 } }));
    load.mockResolvedValue(profile({ isHidden: true }));
    const hidden = renderRoute('/experts/42-ada-lovelace');
    await screen.findByRole('note');
    expect(structuredData()).toEqual([]);
    hidden.unmount();

    load.mockReturnValue(new Promise(() => {}));
    const loading = renderRoute('/experts/42-ada-lovelace');
    expect(screen.getByRole('heading', { level: 1, name: 'Loading the profile…' })).toBeInTheDocument();
    expect(structuredData()).toEqual([]);
    loading.unmount();

    load.mockRejectedValue(new ApiError('This profile is not available.', 404, null));
    renderRoute('/experts/41-someone');
    await screen.findByRole('heading', { level: 1, name: 'This profile is not available.' });
    expect(structuredData()).toEqual([]);
  });
});
