import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { homeFaq } from '../content/faq';
import { FaqAccordion } from './FaqAccordion';

describe('FaqAccordion', () => {
  it('starts closed, with each question controlling its answer', () => {
    render(<FaqAccordion items={homeFaq} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(homeFaq.length);
    for (const button of buttons) {
      expect(button).toHaveAttribute('aria-expanded', 'false');
      const answer = document.getElementById(button.getAttribute('aria-controls') ?? '');
      expect(answer).not.toBeNull();
      expect(answer).not.toBeVisible();
    }
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(homeFaq.length);
  });

  it('opens and closes an answer on click', async () => {
    render(<FaqAccordion items={homeFaq} />);
    const question = screen.getByRole('button', { name: 'How do payments work?' });
    await userEvent.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'How do payments work?' })).toHaveTextContent('released to the expert only when you approve');
    await userEvent.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'false');
  });

  it('works with Enter and Space, and keeps other answers as they are', async () => {
    render(<FaqAccordion items={homeFaq} />);
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getAllByRole('button')[0]).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.tab();
    await user.keyboard(' ');
    const [first, second, third] = screen.getAllByRole('button');
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(third).toHaveAttribute('aria-expanded', 'false');
  });
});
