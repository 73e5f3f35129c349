import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations } from '@sciexperts/ui/testing/axe';
import type { ExpertCard } from '@sciexperts/shared';
import { adminApi } from './api';
import { searchWords } from './searchWords';
import { renderAt, signedInAs } from './testing';

afterEach(() => jest.restoreAllMocks());

const card = (id: number, firstName: string, lastName: string, headline: string) =>
  ({ id, slug: `${firstName}-${lastName}`.toLowerCase(), firstName, lastName, headline, profImgUrl: null, hourlyFee: 90, country: 'DE', services: [], snippet: '', highlights: [] }) as unknown as ExpertCard;
const page = (results: ExpertCard[]) => ({ total: results.length, page: 1, pageSize: 20, results });

const request = {
  id: 5,
  name: 'Cora Client',
  email: 'cora@example.test',
  need: 'We need a survival analysis of our oncology cohort, with Kaplan-Meier curves.',
  budget: '1000-5000',
  deadline: '2099-01-01',
  createdAt: '2026-11-26T10:00:00.000Z',
  waitingSeconds: 3 * 3600,
  nearingDeadline: false,
};

function renderConcierge() {
  signedInAs('support');
  return renderAt('/admin/concierge');
}

describe('the concierge answer', () => {
  it('takes a few telling words of the request for the search', () => {
    expect(searchWords(request.need)).toBe('survival oncology cohort');
    expect(searchWords('A survival analysis.')).toBe('survival');
    expect(searchWords('Help!')).toBe('');
  });

  it('searches the directory with the words of the request at once, keeps picks across searches, and sends the shortlist', async () => {
    const user = userEvent.setup();
    jest.spyOn(adminApi, 'concierge').mockResolvedValueOnce({ requests: [request] }).mockResolvedValue({ requests: [] });
    const search = jest
      .spyOn(adminApi, 'searchExperts')
      .mockResolvedValueOnce(page([card(12, 'Pia', 'Hopper', 'Survival analyst')]))
      .mockResolvedValueOnce(page([]))
      .mockResolvedValueOnce(page([card(14, 'Kai', 'Meier', 'Biostatistician')]));
    const send = jest.spyOn(adminApi, 'shortlist').mockResolvedValue(null);
    renderConcierge();
    await user.click(await screen.findByRole('button', { name: 'Answer request #5 from Cora Client' }));
    // The directory's own search, pre-filled from the request and already run; focus on the shortlist's heading.
    expect(screen.getByRole('heading', { name: 'Shortlist for Cora Client (cora@example.test), request #5' })).toHaveFocus();
    expect(search).toHaveBeenCalledWith('survival oncology cohort');
    expect(screen.getByLabelText('Search the directory')).toHaveValue('survival oncology cohort');
    await user.click(await screen.findByRole('checkbox', { name: 'Pia Hopper, Survival analyst' }));

    // A search that finds no one says so; the expert picked before stays on the list, still picked.
    const field = screen.getByLabelText('Search the directory');
    await user.clear(field);
    await user.type(field, 'kaplan meier oncology');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No listed expert matches every word of “kaplan meier oncology”. Remove or change a word.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Pia Hopper, Survival analyst' })).toBeChecked();

    await user.clear(field);
    await user.type(field, 'biostat');
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('checkbox', { name: 'Kai Meier, Biostatistician' }));
    expect(screen.getByRole('checkbox', { name: 'Pia Hopper, Survival analyst' })).toBeChecked();
    await user.type(screen.getByLabelText('A few words to Cora Client about the choice'), 'Both have analysed cohorts like yours.');
    await user.click(screen.getByRole('button', { name: 'Send the shortlist' }));
    expect(send).toHaveBeenCalledWith(5, [12, 14], 'Both have analysed cohorts like yours.');
    expect(
      await screen.findByText('The shortlist of 2 expert(s) was sent to cora@example.test. They find it as a project draft with these experts invited once signed in with that address.'),
    ).toBeInTheDocument();
  });

  it('shows the answer of the latest search when the one started on opening comes back after it', async () => {
    const user = userEvent.setup();
    jest.spyOn(adminApi, 'concierge').mockResolvedValue({ requests: [request] });
    let answerFirst: (value: ReturnType<typeof page>) => void = () => undefined;
    jest
      .spyOn(adminApi, 'searchExperts')
      .mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve)))
      .mockResolvedValueOnce(page([card(14, 'Kai', 'Meier', 'Biostatistician')]));
    renderConcierge();
    await user.click(await screen.findByRole('button', { name: 'Answer request #5 from Cora Client' }));
    const field = screen.getByLabelText('Search the directory');
    await user.clear(field);
    await user.type(field, 'biostat{Enter}');
    expect(await screen.findByRole('checkbox', { name: 'Kai Meier, Biostatistician' })).toBeInTheDocument();
    answerFirst(page([card(12, 'Pia', 'Hopper', 'Survival analyst')]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('checkbox', { name: 'Pia Hopper, Survival analyst' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Kai Meier, Biostatistician' })).toBeInTheDocument();
  });

  it('shows the budget in the requester’s words, the wait in hours and minutes, and keeps two requests from the same name apart once one is open (issue 47)', async () => {
    const user = userEvent.setup();
    const twin = { ...request, id: 6, email: 'cora.other@example.test', budget: 'over-20000', createdAt: '2026-11-26T11:00:00.000Z', waitingSeconds: 12 * 60 };
    jest.spyOn(adminApi, 'concierge').mockResolvedValue({ requests: [{ ...request, waitingSeconds: 26 * 3600 + 5 * 60, nearingDeadline: true }, twin] });
    jest.spyOn(adminApi, 'searchExperts').mockResolvedValue(page([]));
    renderConcierge();
    const queue = await screen.findByRole('list', { name: 'Requests waiting for an answer, the oldest first' });
    const [first, second] = within(queue).getAllByRole('listitem');
    expect(first).toHaveTextContent('Budget USD 1,000 – 5,000, deadline 2099-01-01. Waiting 26 h 5 min · nearly 24 hours: answer now');
    expect(second).toHaveTextContent('Budget Over USD 20,000, deadline 2099-01-01. Waiting 12 min');
    expect(screen.queryByText(/1000-5000|0 h\b/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Answer request #6 from Cora Client' }));
    expect(screen.getByRole('heading', { name: 'Shortlist for Cora Client (cora.other@example.test), request #6' })).toHaveFocus();
    // The open request is marked in the list (and offers no second 'Answer'); the other one is still offered.
    expect(second).toHaveAttribute('aria-current', 'true');
    expect(second).toHaveTextContent('Answering below.');
    expect(first).not.toHaveAttribute('aria-current');
    expect(screen.getAllByRole('button', { name: /^Answer request/ }).map((b) => b.getAttribute('aria-label'))).toEqual(['Answer request #5 from Cora Client']);
  });

  it.each([1280, 375])('has no axe violations at %i px with the shortlist open', async (width) => {
    const user = userEvent.setup();
    jest.spyOn(adminApi, 'concierge').mockResolvedValue({ requests: [{ ...request, waitingSeconds: 21 * 3600 + 5 * 60, nearingDeadline: true }] });
    jest.spyOn(adminApi, 'searchExperts').mockResolvedValue(page([card(12, 'Pia', 'Hopper', 'Survival analyst')]));
    renderConcierge();
    await user.click(await screen.findByRole('button', { name: 'Answer request #5 from Cora Client' }));
    await screen.findByRole('checkbox', { name: 'Pia Hopper, Survival analyst' });
    await expectNoAxeViolations(width);
  });
});
