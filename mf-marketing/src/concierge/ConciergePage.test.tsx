import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { conciergeMessages } from '../content/concierge';
import { expectSoundOutline, renderRoute } from '../test/renderRoute';
import { ADMIN_LIMITS, CONCIERGE_PROMISE, localIsoDate } from '@sciexperts/shared';

const inAMonth = (() => {
  const date = new Date();
  date.setDate(date.getDate() + 30);
  return localIsoDate(date);
})();

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

let fetchMock: jest.SpyInstance;

beforeEach(() => {
  fetchMock = jest.spyOn(globalThis, 'fetch');
});

afterEach(() => {
  fetchMock.mockRestore();
});

async function fillIn() {
  await userEvent.type(screen.getByLabelText('Your name'), '  Ada Lovelace ');
  await userEvent.type(screen.getByLabelText('E-mail address'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('What do you need?'), 'A biostatistician to review the analysis plan of a 120-patient trial.');
  await userEvent.selectOptions(screen.getByLabelText('Budget'), 'USD 1,000 – 5,000');
  await userEvent.type(screen.getByLabelText('Deadline'), inAMonth);
}

const send = () => userEvent.click(screen.getByRole('button', { name: 'Send request' }));

describe('the concierge page', () => {
  it('makes one promise, the one the confirmation and the operators’ clock keep (issue 47)', () => {
    const { main } = renderRoute('/concierge');
    // The page, its steps and its FAQ say the contract's promise, and no other (it said one and two working days).
    expect(CONCIERGE_PROMISE).toBe(`within ${ADMIN_LIMITS.conciergePromiseHours} hours`);
    expect(conciergeMessages.sent).toContain(CONCIERGE_PROMISE);
    expect(main.textContent).toContain(`shortlist of experts ${CONCIERGE_PROMISE}`);
    expect(main.textContent).not.toMatch(/working day/);
  });

  it('explains the service and offers a labelled request form', () => {
    const { main } = renderRoute('/concierge');
    expect(screen.getByRole('heading', { level: 1, name: 'Concierge Services' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'What the concierge does' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Request the concierge' })).toBeInTheDocument();
    for (const label of ['Your name', 'E-mail address', 'What do you need?', 'Budget', 'Deadline']) expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(document.title).toBe('Concierge Services | SciExperts');
    expectSoundOutline(main);
  });

  it('shows what is wrong next to each field, focuses the first, and sends nothing', async () => {
    renderRoute('/concierge');
    await userEvent.type(screen.getByLabelText('E-mail address'), 'not-an-address');
    await userEvent.type(screen.getByLabelText('What do you need?'), 'Stats');
    await send();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(conciergeMessages.summary);
    expect(screen.getByLabelText('Your name')).toHaveFocus();
    expect(screen.getByLabelText('Your name')).toHaveAccessibleDescription(conciergeMessages.nameRequired);
    expect(screen.getByLabelText('Your name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('E-mail address')).toHaveAccessibleDescription(conciergeMessages.emailInvalid);
    expect(screen.getByLabelText('What do you need?')).toHaveAccessibleDescription(expect.stringContaining(conciergeMessages.needTooShort));
    expect(screen.getByLabelText('Budget')).toHaveAccessibleDescription(conciergeMessages.budgetRequired);
    expect(screen.getByLabelText('Deadline')).toHaveAccessibleDescription(conciergeMessages.deadlineRequired);

    // A corrected field loses its message as it is typed.
    await userEvent.type(screen.getByLabelText('Your name'), 'Ada');
    expect(screen.getByLabelText('Your name')).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(conciergeMessages.nameRequired)).toBeNull();
  });

  it('refuses a deadline in the past', async () => {
    renderRoute('/concierge');
    await userEvent.type(screen.getByLabelText('Deadline'), '2020-01-01');
    await send();
    expect(screen.getByLabelText('Deadline')).toHaveAccessibleDescription(conciergeMessages.deadlinePast);
  });

  it('posts the trimmed request, disables the button while sending, then confirms and takes focus there', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderRoute('/concierge');
    await fillIn();
    await send();

    const busy = screen.getByRole('button', { name: 'Sending...' });
    expect(busy).toBeDisabled();
    const [request] = fetchMock.mock.calls[0] as [Request];
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/api/Concierge/Request');
    expect(await request.clone().json()).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com', need: 'A biostatistician to review the analysis plan of a 120-patient trial.', budget: '1000-5000', deadline: inAMonth });
    await userEvent.click(busy);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await act(async () => answer(json(201, { message: 'Request received.' })));
    const confirmation = await screen.findByRole('status');
    expect(confirmation).toHaveTextContent(conciergeMessages.sent);
    await waitFor(() => expect(confirmation).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Send request' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'send another request' }));
    expect(screen.getByLabelText('Your name')).toHaveValue('');
  });

  it.each([
    ['the route does not exist yet (404)', () => Promise.resolve(json(404, { message: 'Route POST:/api/Concierge/Request not found' }))],
    ['the server fails (500)', () => Promise.resolve(json(500, { message: 'Internal Server Error' }))],
    ['the network is down', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('when %s, says so clearly and keeps everything typed', async (_case, respond) => {
    fetchMock.mockImplementation(respond);
    renderRoute('/concierge');
    await fillIn();
    await send();
    expect(await screen.findByText(conciergeMessages.unavailable)).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText('Your name')).toHaveValue('  Ada Lovelace ');
    expect(screen.getByLabelText('Deadline')).toHaveValue(inAMonth);
    expect(screen.getByRole('button', { name: 'Send request' })).toBeEnabled();
  });

  it('puts the server’s field messages next to their fields (400), and asks to wait when throttled (429)', async () => {
    fetchMock.mockResolvedValueOnce(json(400, { message: 'Validation failed', details: [{ field: 'email', message: 'This e-mail domain cannot receive mail.' }] }));
    renderRoute('/concierge');
    await fillIn();
    await send();
    await waitFor(() => expect(screen.getByLabelText('E-mail address')).toHaveAccessibleDescription('This e-mail domain cannot receive mail.'));
    expect(screen.getByLabelText('E-mail address')).toHaveFocus();

    fetchMock.mockResolvedValueOnce(json(429, { message: 'Too many requests' }, { 'Retry-After': '60' }));
    await send();
    expect(await screen.findByText(conciergeMessages.throttled)).toHaveAttribute('role', 'alert');
  });
});
