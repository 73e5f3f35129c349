import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { directoryApi } from '../api/directoryApi';
import { card, page } from '../test/fixtures';
import { renderRoute } from '../test/renderRoute';
import { SUBJECTS } from './subjects';

jest.mock('../api/directoryApi', () => ({ ...jest.requireActual('../api/directoryApi'), directoryApi: { search: jest.fn(), profile: jest.fn() } }));
const search = directoryApi.search as jest.MockedFunction<typeof directoryApi.search>;

beforeEach(() => {
  search.mockReset();
  search.mockResolvedValue(page([card()]));
});

describe('a subject page', () => {
  it('introduces the subject, then searches within its service (kept out of the URL)', async () => {
    const user = userEvent.setup();
    renderRoute('/find-an-expert/subject/data-analysis');
    expect(screen.getByRole('heading', { level: 1, name: 'Data analysis experts' })).toBeInTheDocument();
    expect(screen.getByText(/turns it into answers you can act on/)).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    expect(search).toHaveBeenLastCalledWith(expect.objectContaining({ service: 'Data Science' }));
    expect(screen.queryByLabelText('Service')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Practice area'), 'Machine Learning');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/find-an-expert\/subject\/data-analysis\?area=Machine\+Learning$/);
    expect(search).toHaveBeenLastCalledWith(expect.objectContaining({ service: 'Data Science', area: 'Machine Learning' }));
    expect(document.title).toBe('Hire a freelance data analyst | SciExperts');
    expect(screen.getByRole('link', { name: 'Statistical analysis experts' })).toHaveAttribute('href', '/find-an-expert/subject/statistical-analysis');
  });

  it('has a page for each catalogue service, with a description worth showing', () => {
    expect(new Set(SUBJECTS.map((s) => s.slug)).size).toBe(SUBJECTS.length);
    for (const subject of SUBJECTS) {
      expect(subject.description.length).toBeGreaterThanOrEqual(50);
      expect(subject.description.length).toBeLessThanOrEqual(170);
      expect(subject.intro.join(' ').length).toBeGreaterThan(200);
    }
    expect(new Set(SUBJECTS.map((s) => s.service)).size).toBe(10);
  });

  it('explains an unknown subject inside the page and offers the others', () => {
    renderRoute('/find-an-expert/subject/astrology');
    expect(screen.getByRole('heading', { level: 1, name: 'We have no page for this subject' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'search the whole directory' })).toHaveAttribute('href', '/find-an-expert');
    expect(screen.getByRole('navigation', { name: 'Subjects' }).querySelectorAll('a')).toHaveLength(SUBJECTS.length);
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    expect(search).not.toHaveBeenCalled();
  });
});
