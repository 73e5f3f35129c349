import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { homeFaq, howItWorksFaq } from '../content/faq';
import { conciergeFaq } from '../content/concierge';
import { countQuestions, faqGroups, searchFaq } from '../content/faqPage';
import { contentPages } from '../content/servicePages';
import { expectSoundOutline, renderRoute, structuredData } from '../test/renderRoute';

const total = countQuestions(faqGroups);

describe('the FAQ page', () => {
  it('holds every question of the site’s FAQ sections, grouped', () => {
    const { main } = renderRoute('/faq');
    expect(screen.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeInTheDocument();
    for (const item of [...homeFaq, ...howItWorksFaq, ...conciergeFaq, ...contentPages.flatMap((page) => page.faq)]) {
      expect(screen.getAllByRole('button', { name: item.question }).length).toBeGreaterThan(0);
    }
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(faqGroups.map((group) => group.title));
    expect(screen.getByRole('status')).toHaveTextContent(`All ${total} questions, in ${faqGroups.length} groups.`);
    expectSoundOutline(main);
  });

  it('filters as you type, says how many questions match, and shows their answers', async () => {
    renderRoute('/faq');
    const search = screen.getByRole('searchbox', { name: 'Search the questions' });
    await userEvent.type(search, 'money back');
    const expected = countQuestions(searchFaq(faqGroups, 'money back'));
    expect(expected).toBeGreaterThan(0);
    expect(screen.getByRole('status')).toHaveTextContent(`${expected} ${expected === 1 ? 'question matches' : 'questions match'} “money back”.`);
    const questions = screen.getAllByRole('button', { expanded: true });
    expect(questions).toHaveLength(expected);
    expect(screen.queryByRole('button', { name: 'How long does it take to post a project?' })).toBeNull();

    await userEvent.clear(search);
    await userEvent.type(search, 'xylophone');
    expect(screen.getByRole('status')).toHaveTextContent('No question matches “xylophone”.');
    expect(screen.queryAllByRole('heading', { level: 2 })).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'ask our concierge team' })).toHaveAttribute('href', '/concierge');

    await userEvent.clear(search);
    expect(screen.getByRole('status')).toHaveTextContent(`All ${total} questions`);
  });

  it('matches words in any order, regardless of case and accents', () => {
    const results = searchFaq(faqGroups, 'ESCROW Milestone');
    expect(countQuestions(results)).toBeGreaterThan(1);
    for (const group of results) for (const item of group.items) expect(`${item.question} ${item.answer}`.toLowerCase()).toMatch(/escrow/);
    expect(countQuestions(searchFaq(faqGroups, 'résumé'))).toBe(countQuestions(searchFaq(faqGroups, 'resume')));
  });

  it('moves focus to a topic’s heading when its contents link is followed', async () => {
    renderRoute('/faq');
    const topics = screen.getByRole('navigation', { name: 'Topics' });
    await userEvent.click(within(topics).getByRole('link', { name: /^Payments, fees and refunds/ }));
    expect(screen.getByRole('heading', { level: 2, name: 'Payments, fees and refunds' })).toHaveFocus();
  });

  it('starts at a topic when opened with its fragment (service pages link to /faq#payments)', async () => {
    renderRoute('/faq#payments');
    await act(async () => undefined);
    expect(screen.getByRole('heading', { level: 2, name: 'Payments, fees and refunds' })).toHaveFocus();
  });

  it('describes all its questions as an FAQPage', () => {
    renderRoute('/faq');
    const [data] = structuredData();
    expect(data?.['@type']).toBe('FAQPage');
    expect(data?.mainEntity).toHaveLength(total);
  });
});
