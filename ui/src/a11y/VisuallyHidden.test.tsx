import { render, screen } from '@testing-library/react';
import { VisuallyHidden, visuallyHidden } from '../index';

describe('VisuallyHidden', () => {
  it('adds its words to the accessible name of what holds it, in the one hidden class', () => {
    render(
      <ul>
        <li>
          <button type="button">
            Decline<VisuallyHidden> Ada Lovelace</VisuallyHidden>
          </button>
        </li>
      </ul>,
    );
    const button = screen.getByRole('button', { name: 'Decline Ada Lovelace' });
    const hidden = button.querySelector('span');
    expect(hidden).toHaveClass(visuallyHidden);
    expect(hidden).toHaveTextContent('Ada Lovelace');
  });

  it('keeps a class of the caller beside its own', () => {
    render(<VisuallyHidden className="extra">Unread: </VisuallyHidden>);
    expect(screen.getByText('Unread:')).toHaveClass(visuallyHidden, 'extra');
  });
});
