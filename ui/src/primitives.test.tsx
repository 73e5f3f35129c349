import { useId, useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FieldError, fieldErrorProps, LiveMessage, MenuButton, tabIndexForKey, useTabs } from './index';

function Tabs() {
  const [selected, setSelected] = useState('a');
  const tabs = useTabs({ tabs: ['a', 'b', 'c'], selected, onSelect: setSelected, idBase: useId() });
  return (
    <>
      <div {...tabs.listProps} aria-label="Letters">
        {['a', 'b', 'c'].map((tab) => (
          <button key={tab} {...tabs.tabProps(tab)}>
            {tab.toUpperCase()}
          </button>
        ))}
      </div>
      {['a', 'b', 'c'].map((tab) => (
        <div key={tab} {...tabs.panelProps(tab)}>
          Panel {tab}
        </div>
      ))}
    </>
  );
}

describe('useTabs', () => {
  it('wires roles, names and one tab stop; arrows, Home and End select and focus', async () => {
    const user = userEvent.setup();
    render(<Tabs />);
    const [a, b, c] = screen.getAllByRole('tab');
    expect(screen.getByRole('tablist', { name: 'Letters' })).toContainElement(a!);
    expect(a).toHaveAttribute('aria-selected', 'true');
    expect(b).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('A');
    a!.focus();
    await user.keyboard('{ArrowLeft}');
    expect(c).toHaveFocus();
    expect(c).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(a).toHaveFocus();
    await user.keyboard('{End}{ArrowRight}{ArrowRight}');
    expect(b).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel b');
    expect(tabIndexForKey('x', 0, 3)).toBeNull();
  });
});

describe('MenuButton', () => {
  it('opens on the first item, moves with arrows, closes with Escape back to the button, and selects', async () => {
    const user = userEvent.setup();
    const logout = jest.fn();
    render(<MenuButton label="Ada" items={[{ label: 'Profile', onSelect: jest.fn() }, { label: 'Logout', onSelect: logout }]} />);
    const button = screen.getByRole('button', { name: 'Ada' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menu', { name: 'Ada' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(logout).toHaveBeenCalledTimes(1);
    expect(button).toHaveFocus();
  });
});

describe('LiveMessage and FieldError', () => {
  it('keeps an empty live region in place and ties a control to its error', () => {
    const { rerender } = render(
      <>
        <LiveMessage message={null} />
        <input aria-label="Title" {...fieldErrorProps('title', null, 'title-hint')} />
        <FieldError controlId="title" error={null} />
      </>,
    );
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByRole('textbox')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('textbox')).toHaveAttribute('aria-describedby', 'title-hint');
    rerender(
      <>
        <LiveMessage message="Saved" />
        <input aria-label="Title" {...fieldErrorProps('title', 'Title is required', 'title-hint')} />
        <FieldError controlId="title" error="Title is required" />
      </>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    expect(screen.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox')).toHaveAccessibleDescription('Title is required');
  });
});
