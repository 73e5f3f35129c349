import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_MESSAGES } from '@sciexperts/shared/member';
import { DisputeStatements } from './DisputeStatements';
import { disputeApi } from './disputeApi';
import { makeFile, makeMilestone, makeWorkspace } from './testFixtures';

afterEach(() => jest.restoreAllMocks());

it('shows both sides and adds the viewer’s statement with a shared file', async () => {
  const user = userEvent.setup();
  const milestone = makeMilestone({ id: 5, status: 'disputed' });
  const workspace = makeWorkspace({ milestones: [milestone], files: [makeFile({ id: 31, name: 'evidence.pdf' })] });
  const clientSide = { id: 1, authorId: 9, role: 'client' as const, text: 'Section 4 is empty.', files: [], createdAt: '2026-11-20T10:00:00.000Z' };
  jest.spyOn(disputeApi, 'list').mockResolvedValue({ statements: [clientSide] });
  const add = jest.spyOn(disputeApi, 'add').mockResolvedValue({
    statements: [clientSide, { id: 2, authorId: 42, role: 'expert', text: 'It is in section 4.', files: [{ id: 31, name: 'evidence.pdf', contentType: 'application/pdf', size: 10, uploadedBy: 42, createdAt: '' }], createdAt: '2026-11-21T10:00:00.000Z' }],
  });
  render(<DisputeStatements workspace={workspace} milestone={milestone} />);
  expect(await screen.findByText('Section 4 is empty.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Add statement' }));
  expect(screen.getByRole('alert')).toHaveTextContent(ADMIN_MESSAGES.statementRequired);
  expect(add).not.toHaveBeenCalled();
  await user.type(screen.getByLabelText('Your statement (required)'), 'It is in section 4.');
  await user.click(screen.getByRole('checkbox', { name: 'evidence.pdf' }));
  await user.click(screen.getByRole('button', { name: 'Add statement' }));
  expect(add).toHaveBeenCalledWith(5, { text: 'It is in section 4.', fileIds: [31] });
  expect(await screen.findByText('Files: evidence.pdf')).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Your statement was added.');
  expect(screen.getByLabelText('Your statement (required)')).toHaveValue('');
});
