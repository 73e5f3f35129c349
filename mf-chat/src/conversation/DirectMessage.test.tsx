import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DirectMessage } from './DirectMessage';

describe('DirectMessage (skeleton)', () => {
  it("shows 'No messages yet. Say hello!' until a message is sent", () => {
    render(<DirectMessage />);
    expect(screen.getByRole('heading', { name: 'Direct Message' })).toBeInTheDocument();
    expect(screen.getByText('No messages yet. Say hello!')).toBeInTheDocument();
  });

  it('sends with Enter, trims, clears the input and ignores blank messages', async () => {
    render(<DirectMessage />);
    const input = screen.getByPlaceholderText('Type a message...');
    await userEvent.type(input, '   {Enter}');
    expect(screen.getByText('No messages yet. Say hello!')).toBeInTheDocument();
    await userEvent.type(input, '  hello there  {Enter}');
    expect(screen.getByText('hello there')).toBeInTheDocument();
    expect(input).toHaveValue('');
    await userEvent.type(input, 'second');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('second')).toBeInTheDocument();
  });
});
