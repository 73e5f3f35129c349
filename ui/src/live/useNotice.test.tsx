import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LiveMessage } from './LiveMessage';
import { useNotice } from './useNotice';

/** A list whose item leaves when its action succeeds, the page holding the outcome: the case useNotice is for. */
function Page() {
  const { notice, show, ref } = useNotice();
  const [items, setItems] = useState(['Alpha', 'Beta']);
  return (
    <>
      <div ref={ref} tabIndex={-1}>
        <LiveMessage role="status" message={notice?.tone === 'success' ? notice.text : null} />
        <LiveMessage role="alert" message={notice?.tone === 'error' ? notice.text : null} />
      </div>
      <ul>
        {items.map((item) => (
          <li key={item}>
            <button
              type="button"
              onClick={() => {
                setItems((all) => all.filter((x) => x !== item));
                show(`${item} is removed.`, 'success', { focus: true });
              }}
            >
              Remove {item}
            </button>
            <button type="button" onClick={() => show(`${item} could not be saved.`, 'error')}>
              Save {item}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

describe('useNotice', () => {
  it('keeps the outcome after the item that acted is gone, and takes the focus only when asked', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();

    await user.click(screen.getByRole('button', { name: 'Save Beta' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Beta could not be saved.');
    expect(screen.getByRole('button', { name: 'Save Beta' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Remove Alpha' }));
    expect(screen.queryByRole('button', { name: 'Remove Alpha' })).toBeNull();
    // The same live region, there from the start, now holds the text: a screen reader announces it.
    expect(screen.getByRole('status')).toBe(status);
    expect(status).toHaveTextContent('Alpha is removed.');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(status.parentElement).toHaveFocus();
  });
});
