import { useState } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from './ConfirmDialog';
import { Modal } from './Modal';

function Host({ dismissOnBackdrop = false }: { dismissOnBackdrop?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Modal aria-label="Example" onDismiss={() => setOpen(false)} dismissOnBackdrop={dismissOnBackdrop} initialFocus="input">
          <div>
            <button type="button">First</button>
            <input aria-label="Field" />
            <button type="button" onClick={() => setOpen(false)}>
              Last
            </button>
          </div>
        </Modal>
      )}
    </main>
  );
}

describe('Modal', () => {
  it('is an open, named, modal <dialog>; the page behind is inert; initial focus; Tab wraps', async () => {
    const user = userEvent.setup();
    render(<Host />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Example' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('main').closest('body > *')).toHaveAttribute('inert');
    expect(screen.getByRole('textbox', { name: 'Field' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Last' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'First' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Last' })).toHaveFocus();
  });

  it('Escape dismisses, the page is usable again and focus returns to the opener', async () => {
    const user = userEvent.setup();
    const { container } = render(<Host />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(container).not.toHaveAttribute('inert');
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('a press on the backdrop keeps focus inside, and closes only when asked to', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Host />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog');
    expect(fireEvent.mouseDown(dialog)).toBe(false);
    fireEvent.click(dialog);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    unmount();
    render(<Host dismissOnBackdrop />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.click(screen.getByRole('dialog'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('ConfirmDialog', () => {
  it('is an alertdialog named by its question, starts on Cancel and ignores Escape while busy', async () => {
    const user = userEvent.setup();
    const onCancel = jest.fn();
    const onConfirm = jest.fn();
    const { rerender } = render(<ConfirmDialog message="Delete it?" confirmLabel="Delete" busyLabel="Deleting..." onConfirm={onConfirm} onCancel={onCancel} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete it?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    rerender(<ConfirmDialog message="Delete it?" confirmLabel="Delete" busyLabel="Deleting..." busy onConfirm={onConfirm} onCancel={onCancel} />);
    const busy = within(dialog).getByRole('button', { name: 'Deleting...' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Escape}');
    await user.click(busy);
    expect(onCancel).not.toHaveBeenCalled();
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
