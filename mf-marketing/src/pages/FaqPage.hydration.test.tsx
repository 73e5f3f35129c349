import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { hydrate, renderAsServer, typeBeforeHydration } from '@sciexperts/ui/testing';
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
  const container = renderAsServer(page);
  typeBeforeHydration(screen.getByRole('searchbox', { name: 'Search the questions' }), 'refund');
  await hydrate(container, page);
  const expected = countQuestions(searchFaq(faqGroups, 'refund'));
  expect(expected).toBeGreaterThan(0);
  expect(await screen.findByText(`${expected} ${expected === 1 ? 'question matches' : 'questions match'} “refund”.`)).toHaveAttribute('role', 'status');
  expect(screen.getByRole('searchbox', { name: 'Search the questions' })).toHaveValue('refund');
});
