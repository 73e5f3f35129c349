import { act, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { hydrate, renderAsServer, typeBeforeHydration } from '@sciexperts/ui/testing';
import { localIsoDate } from '@sciexperts/shared';
import { ConciergeForm } from './ConciergeForm';

const inAMonth = (() => {
  const date = new Date();
  date.setDate(date.getDate() + 30);
  return localIsoDate(date);
})();

let fetchMock: jest.SpyInstance;
let sent: unknown[];
beforeEach(() => {
  sent = [];
  fetchMock = jest.spyOn(globalThis, 'fetch').mockImplementation(async (request) => {
    sent.push(await (request as Request).clone().json());
    return new Response(JSON.stringify({ message: 'Request received.' }), { status: 201, headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(() => {
  fetchMock.mockRestore();
  document.body.innerHTML = '';
});

const form = (
  <MemoryRouter initialEntries={['/concierge']}>
    <h2 id="concierge-request">Request the concierge</h2>
    <ConciergeForm labelledBy="concierge-request" />
  </MemoryRouter>
);

it('sends the request filled in before the page was hydrated, every field as typed or chosen', async () => {
  const container = renderAsServer(form);
  typeBeforeHydration(screen.getByLabelText('Your name'), 'Ada Lovelace');
  typeBeforeHydration(screen.getByLabelText('E-mail address'), 'ada@example.com');
  typeBeforeHydration(screen.getByLabelText('What do you need?'), 'A biostatistician to review the analysis plan of a 120-patient trial.');
  typeBeforeHydration(screen.getByLabelText('Budget'), '1000-5000');
  typeBeforeHydration(screen.getByLabelText('Deadline'), inAMonth);
  await hydrate(container, form);

  expect(screen.getByLabelText('Your name')).toHaveValue('Ada Lovelace');
  expect(screen.getByLabelText('Budget')).toHaveValue('1000-5000');
  await act(async () => fireEvent.submit(screen.getByRole('form', { name: 'Request the concierge' })));
  expect(await screen.findByRole('status')).toHaveTextContent('Request sent');
  expect(sent).toEqual([{ name: 'Ada Lovelace', email: 'ada@example.com', need: 'A biostatistician to review the analysis plan of a 120-patient trial.', budget: '1000-5000', deadline: inAMonth }]);
});
