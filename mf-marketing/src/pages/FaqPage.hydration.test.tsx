import { act } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { hydrate, prerenderAsServer, typeBeforeHydration } from '@sciexperts/ui/testing';
import { countQuestions, faqGroups, searchFaq } from '../content/faqPage';
import { FaqPage } from './FaqPage';

afterEach(() => {
  document.body.innerHTML = '';
});

const page = (
  <MemoryRouter initialEntries={['/faq']}>
    <FaqPage />
  </MemoryRouter>
);

it('filters the questions by words typed before the page was hydrated', async () => {
  const container = await prerenderAsServer(page);
  typeBeforeHydration(screen.getByRole('searchbox', { name: 'Search the questions' }), 'refund');
  await hydrate(container, page);
  const expected = countQuestions(searchFaq(faqGroups, 'refund'));
  expect(expected).toBeGreaterThan(0);
  expect(await screen.findByText(`${expected} ${expected === 1 ? 'question matches' : 'questions match'} “refund”.`)).toHaveAttribute('role', 'status');
  expect(screen.getByRole('searchbox', { name: 'Search the questions' })).toHaveValue('refund');
});

const hydratedByReact = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));

it('leaves the page text and the answers as the server sent them, and opens a question onto its answer', async () => {
  const container = await prerenderAsServer(page);
  const recovered: unknown[] = [];
  await hydrate(container, page, (error) => recovered.push(error));
  const first = faqGroups[0]!.items[0]!;
  const answer = screen.getByText(first.answer);
  expect(hydratedByReact(answer)).toBe(false);
  expect(hydratedByReact(screen.getByRole('heading', { level: 1, name: 'Frequently asked questions' }))).toBe(false);
  const question = screen.getByRole('button', { name: first.question });
  expect(hydratedByReact(question)).toBe(true);
  expect(answer).not.toBeVisible();
  await act(async () => question.click());
  expect(question).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByText(first.answer)).toBeVisible();
  // Only its region changed: the answer's text is still the server's, unhydrated.
  expect(hydratedByReact(screen.getByText(first.answer))).toBe(false);
  // A search after hydration shows the matching answers, open.
  await act(async () => fireEvent.change(screen.getByRole('searchbox', { name: 'Search the questions' }), { target: { value: 'refund' } }));
  const match = searchFaq(faqGroups, 'refund')[0]!.items[0]!;
  expect(await screen.findByText(match.answer)).toBeVisible();
  expect(recovered).toEqual([]);
});
