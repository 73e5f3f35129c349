import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations } from '@sciexperts/ui/testing/axe';
import { ApiError } from '@sciexperts/shared';
import { BLOCK_MESSAGES as M, blocksApi } from '@sciexperts/shared/member';
import { BlockAction } from './BlockAction';

afterEach(() => jest.restoreAllMocks());

describe("a conversation's 'Block'", () => {
  it('asks first, focus on Cancel; Cancel changes nothing and gives the focus back to the button', async () => {
    const user = userEvent.setup();
    jest.spyOn(blocksApi, 'state').mockResolvedValue({ memberId: 42, blocked: false });
    const block = jest.spyOn(blocksApi, 'block');
    render(<BlockAction counterpartId={42} />);
    const button = await screen.findByRole('button', { name: M.blockButton });
    await user.click(button);
    const dialog = screen.getByRole('alertdialog', { name: M.confirmTitle });
    expect(dialog).toHaveTextContent(M.confirmBody);
    expect(screen.getByRole('button', { name: M.cancelButton })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(block).not.toHaveBeenCalled();
    expect(button).toHaveFocus();
  });

  it('blocks on confirmation and shows the banner; Unblock lifts it at once', async () => {
    const user = userEvent.setup();
    jest.spyOn(blocksApi, 'state').mockResolvedValue({ memberId: 42, blocked: false });
    const block = jest.spyOn(blocksApi, 'block').mockResolvedValue({ memberId: 42, blocked: true });
    const unblock = jest.spyOn(blocksApi, 'unblock').mockResolvedValue({ memberId: 42, blocked: false });
    render(<BlockAction counterpartId={42} />);
    await user.click(await screen.findByRole('button', { name: M.blockButton }));
    const dialog = screen.getByRole('alertdialog');
    await user.click(screen.getAllByRole('button', { name: M.blockButton }).find((b) => dialog.contains(b))!);
    expect(block).toHaveBeenCalledWith(42);
    expect(await screen.findByRole('status')).toHaveTextContent(M.banner);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const unblockButton = screen.getByRole('button', { name: M.unblockButton });
    expect(unblockButton).toHaveFocus();
    await user.click(unblockButton);
    expect(unblock).toHaveBeenCalledWith(42);
    expect(await screen.findByRole('button', { name: M.blockButton })).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says why when the block could not be saved, and keeps the dialog open', async () => {
    const user = userEvent.setup();
    jest.spyOn(blocksApi, 'state').mockResolvedValue({ memberId: 42, blocked: false });
    jest.spyOn(blocksApi, 'block').mockRejectedValue(new ApiError('Member not found.', 404, null));
    render(<BlockAction counterpartId={42} />);
    await user.click(await screen.findByRole('button', { name: M.blockButton }));
    const dialog = screen.getByRole('alertdialog');
    await user.click(screen.getAllByRole('button', { name: M.blockButton }).find((b) => dialog.contains(b))!);
    expect(await screen.findByRole('alert')).toHaveTextContent('Member not found.');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('offers nothing when the state cannot be read', async () => {
    const state = jest.spyOn(blocksApi, 'state').mockRejectedValue(new ApiError('Member not found.', 404, null));
    render(<BlockAction counterpartId={42} />);
    await act(async () => {
      await state.mock.results[0]?.value.catch(() => undefined);
    });
    expect(screen.queryByRole('button')).toBeNull();
  });

  it.each([1280, 375])('has no axe violations at %i px: the button, the dialog, the banner', async (width) => {
    const user = userEvent.setup();
    jest.spyOn(blocksApi, 'state').mockResolvedValue({ memberId: 42, blocked: false });
    jest.spyOn(blocksApi, 'block').mockResolvedValue({ memberId: 42, blocked: true });
    render(
      <main>
        <BlockAction counterpartId={42} />
      </main>,
    );
    await user.click(await screen.findByRole('button', { name: M.blockButton }));
    await expectNoAxeViolations(width);
    const dialog = screen.getByRole('alertdialog');
    await user.click(screen.getAllByRole('button', { name: M.blockButton }).find((b) => dialog.contains(b))!);
    await screen.findByRole('status');
    await expectNoAxeViolations(width);
  });
});
