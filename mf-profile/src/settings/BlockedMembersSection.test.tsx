import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations } from '@sciexperts/ui/testing/axe';
import { ApiError } from '@sciexperts/shared';
import { BLOCK_MESSAGES as M, blocksApi, type BlockedMember } from '@sciexperts/shared/member';
import { BlockedMembersSection } from './BlockedMembersSection';

afterEach(() => jest.restoreAllMocks());

const ada: BlockedMember = { id: 8, firstName: 'Ada', lastName: 'Lovelace', profImgUrl: null, blockedAt: '2026-11-20T10:00:00.000Z' };
const bob: BlockedMember = { id: 9, firstName: 'Bob', lastName: 'Babbage', profImgUrl: null, blockedAt: '2026-11-21T10:00:00.000Z' };

describe('Blocked members in Account settings', () => {
  it('lists the members I blocked and unblocks one, keeping the reader on the section heading', async () => {
    const user = userEvent.setup();
    jest.spyOn(blocksApi, 'list').mockResolvedValue([bob, ada]);
    const unblock = jest.spyOn(blocksApi, 'unblock').mockResolvedValue({ memberId: 9, blocked: false });
    render(<BlockedMembersSection />);
    const section = screen.getByRole('region', { name: M.settingsTitle });
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([expect.stringContaining('Bob Babbage'), expect.stringContaining('Ada Lovelace')]);
    await user.click(screen.getByRole('button', { name: `${M.unblockButton} Bob Babbage` }));
    expect(unblock).toHaveBeenCalledWith(9);
    expect(await screen.findByText(M.unblocked)).toBeInTheDocument();
    expect(screen.queryByText('Bob Babbage')).toBeNull();
    expect(screen.getByRole('heading', { name: M.settingsTitle })).toHaveFocus();
  });

  it('says when nobody is blocked, and why a list could not load', async () => {
    jest.spyOn(blocksApi, 'list').mockResolvedValueOnce([]);
    const { unmount } = render(<BlockedMembersSection />);
    expect(await screen.findByText(M.settingsEmpty)).toBeInTheDocument();
    unmount();
    jest.spyOn(blocksApi, 'list').mockRejectedValueOnce(new ApiError('Failed to load the blocked members. Please try again.', 0, null));
    render(<BlockedMembersSection />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the blocked members.');
  });

  it('keeps the member listed and says why when unblocking fails', async () => {
    const user = userEvent.setup();
    jest.spyOn(blocksApi, 'list').mockResolvedValue([ada]);
    jest.spyOn(blocksApi, 'unblock').mockRejectedValue(new ApiError('Failed to save. Please try again.', 0, null));
    render(<BlockedMembersSection />);
    await user.click(await screen.findByRole('button', { name: `${M.unblockButton} Ada Lovelace` }));
    expect(await screen.findByText('Failed to save. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `${M.unblockButton} Ada Lovelace` })).toBeInTheDocument();
  });

  it.each([1280, 375])('has no axe violations at %i px, empty and with members', async (width) => {
    jest.spyOn(blocksApi, 'list').mockResolvedValueOnce([]);
    const { unmount } = render(<main><BlockedMembersSection /></main>);
    await screen.findByText(M.settingsEmpty);
    await expectNoAxeViolations(width);
    unmount();
    jest.spyOn(blocksApi, 'list').mockResolvedValueOnce([ada, bob]);
    render(<main><BlockedMembersSection /></main>);
    await screen.findByRole('button', { name: `${M.unblockButton} Ada Lovelace` });
    await expectNoAxeViolations(width);
  });
});
