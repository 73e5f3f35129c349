import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore } from '@sciexperts/shared';
import { MessageItem } from './MessageItem';

beforeEach(() => act(() => authStore.setState({ status: 'ready', token: 't', user: { id: 7 } as never })));
afterEach(() => {
  jest.restoreAllMocks();
  act(() => authStore.setState({ status: 'ready', token: null, user: null }));
});

it('reports a received message with a reason and a note; one’s own messages have no Report', async () => {
  const user = userEvent.setup();
  const bodies: unknown[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const req = input instanceof Request ? input : new Request(String(input), init);
    bodies.push({ url: req.url, method: req.method, body: JSON.parse(await req.text()) });
    return new Response(JSON.stringify({ id: 3, message: 'Thank you. The SciExperts team reviews every report.' }), { status: 201, headers: { 'content-type': 'application/json' } });
  });
  const { rerender } = render(
    <ol>
      <MessageItem text="Pay me outside the site." timestamp="2026-11-27T10:00:00.000Z" mine={false} status="sent" reportId={41} />
    </ol>,
  );
  await user.click(screen.getByRole('button', { name: 'Report this message' }));
  const dialog = screen.getByRole('dialog', { name: 'Report this message' });
  await user.click(screen.getByRole('button', { name: 'Send report' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Choose a reason.');
  await user.click(screen.getByRole('radio', { name: 'Fraud or a scam' }));
  await user.type(screen.getByLabelText('Anything we should know (optional)'), 'Asked for a bank transfer.');
  await user.click(screen.getByRole('button', { name: 'Send report' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Thank you. The SciExperts team reviews every report.');
  expect(bodies).toEqual([{ url: expect.stringMatching(/\/api\/Reports$/), method: 'POST', body: { targetType: 'message', targetId: 41, reason: 'fraud', note: 'Asked for a bank transfer.' } }]);
  expect(dialog).toBeInTheDocument();
  rerender(
    <ol>
      <MessageItem text="Mine." timestamp="2026-11-27T10:00:00.000Z" mine status="sent" reportId={42} />
    </ol>,
  );
  expect(screen.queryByRole('button', { name: 'Report this message' })).toBeNull();
});

it('says which partner site a message was sent through, and nothing for one sent on SciExperts', () => {
  const { rerender } = render(
    <ol>
      <MessageItem text="Hello from the portal." timestamp="2026-11-27T10:00:00.000Z" mine={false} status="sent" reportId={43} via="University Portal" />
    </ol>,
  );
  expect(screen.getByRole('listitem')).toHaveTextContent('via University Portal');
  rerender(
    <ol>
      <MessageItem text="Hello from the site." timestamp="2026-11-27T10:00:00.000Z" mine={false} status="sent" reportId={44} />
    </ol>,
  );
  expect(screen.getByRole('listitem')).not.toHaveTextContent('via');
});
