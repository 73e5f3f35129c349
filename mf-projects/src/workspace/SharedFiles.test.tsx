import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, authStore, reviewsApi } from '@sciexperts/shared';
import { PROJECT_MESSAGES, PAYMENT_MESSAGES, paymentsApi, PROJECT_LIMITS } from '@sciexperts/shared/member';
import { makeContractReviews, makeUser } from '@sciexperts/shared/testing';
import { renderRoute } from '../test/renderRoute';
import { CLIENT, EXPERT, makeEvent, makeFile, makeMilestone, makeWorkspace } from './testFixtures';

const files$ = () => screen.getByRole('region', { name: 'Shared files' });

function signInAs(id: number) {
  authStore.setState({ status: 'ready', token: 't', user: makeUser({ id }), signInMethod: 'password', signedOutReason: null });
}

beforeEach(() => {
  jest.restoreAllMocks();
  signInAs(CLIENT.id);
  // The client's saved cards are asked for while a milestone waits for funding (none here).
  jest.spyOn(paymentsApi, 'savedCards').mockResolvedValue({ results: [] });
});

describe('the shared files of a workspace', () => {
  it('lists who shared what and when, what was delivered with which milestone, and names the files delivered in the timeline', async () => {
    jest.spyOn(paymentsApi, 'workspace').mockResolvedValue(
      makeWorkspace({
        milestones: [makeMilestone({ status: 'submitted' })],
        files: [makeFile({ id: 12, name: 'report.pdf', uploadedBy: EXPERT.id, size: 2_400_000, milestoneId: 1 }), makeFile()],
        events: [makeEvent({ id: 3, kind: 'submitted', actorId: EXPERT.id, note: 'Here it is.', fileIds: [12] })],
      }),
    );
    renderRoute('/profile/workspace/2');

    const items = within(await screen.findByRole('region', { name: 'Shared files' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('report.pdf2.3 MB · Ada Lovelace · Nov 23, 2026 · delivered with “Data cleaning”');
    expect(items[1]).toHaveTextContent('cohort-data.xlsx47 KB · you · Nov 23, 2026');
    // Removal is for the uploader's own files only, and never for a delivered one.
    expect(within(items[0]!).queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(within(items[1]!).getByRole('button', { name: 'Remove cohort-data.xlsx' })).toBeEnabled();
    expect(within(screen.getByRole('region', { name: 'Timeline' })).getByText('Delivered files: report.pdf')).toBeInTheDocument();
  });

  it('downloads a file through the API (the bytes need the token) and saves it under its name', async () => {
    jest.spyOn(paymentsApi, 'workspace').mockResolvedValue(makeWorkspace({ files: [makeFile()] }));
    const bytes = new Blob(['data']);
    const download = jest.spyOn(paymentsApi, 'downloadFile').mockResolvedValue(bytes);
    const createObjectURL = jest.fn(() => 'blob:file-11');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('cohort-data.xlsx');
    });
    renderRoute('/profile/workspace/2');

    await userEvent.click(await within(await screen.findByRole('region', { name: 'Shared files' })).findByRole('button', { name: 'Download cohort-data.xlsx' }));
    expect(download).toHaveBeenCalledWith(2, 11);
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(createObjectURL).toHaveBeenCalledWith(bytes);
  });

  it('uploads a chosen file at once, announces it, and checks the size before sending', async () => {
    jest.spyOn(paymentsApi, 'workspace').mockResolvedValue(makeWorkspace());
    const upload = jest.spyOn(paymentsApi, 'uploadFile').mockResolvedValue(makeFile({ id: 30, name: 'protocol.pdf' }));
    renderRoute('/profile/workspace/2');

    const picker = await within(await screen.findByRole('region', { name: 'Shared files' })).findByLabelText('Share a file');
    expect(screen.getByText(/No files yet/)).toBeInTheDocument();
    const tooBig = new File(['x'], 'huge.pdf');
    Object.defineProperty(tooBig, 'size', { value: PROJECT_LIMITS.attachmentMaxBytes + 1 });
    await userEvent.upload(picker, tooBig);
    expect(within(files$()).getByText(`huge.pdf: ${PROJECT_MESSAGES.attachmentTooLarge}`)).toHaveAttribute('role', 'alert');
    expect(upload).not.toHaveBeenCalled();

    const file = new File(['%PDF-1.4'], 'protocol.pdf', { type: 'application/pdf' });
    await userEvent.upload(picker, file);
    expect(upload).toHaveBeenCalledWith(2, file, 'protocol.pdf');
    expect(await within(files$()).findByRole('button', { name: 'Download protocol.pdf' })).toBeInTheDocument();
    expect(screen.getByText('protocol.pdf is shared.')).toBeInTheDocument();
    expect(within(files$()).queryByText(/huge\.pdf/)).toBeNull();
  });

  it("shows the server's refusal for an upload, and removes the member's own file with the outcome focused", async () => {
    jest.spyOn(paymentsApi, 'workspace').mockResolvedValue(makeWorkspace({ files: [makeFile()] }));
    jest.spyOn(paymentsApi, 'uploadFile').mockRejectedValue(new ApiError('Invalid request.', 400, { message: 'Invalid request.', details: [{ field: 'file', message: PROJECT_MESSAGES.attachmentType }] }));
    const remove = jest.spyOn(paymentsApi, 'deleteFile').mockResolvedValue(undefined);
    renderRoute('/profile/workspace/2');

    const picker = await within(await screen.findByRole('region', { name: 'Shared files' })).findByLabelText('Share a file');
    await userEvent.upload(picker, new File(['MZ'], 'setup.pdf'));
    expect(await within(files$()).findByText('setup.pdf: Invalid request.')).toHaveAttribute('role', 'alert');

    await userEvent.click(within(files$()).getByRole('button', { name: 'Remove cohort-data.xlsx' }));
    expect(remove).toHaveBeenCalledWith(2, 11);
    expect(await screen.findByText('cohort-data.xlsx is removed.')).toBeInTheDocument();
    expect(within(files$()).queryByRole('button', { name: 'Download cohort-data.xlsx' })).toBeNull();
    await waitFor(() => expect(screen.getByText('cohort-data.xlsx is removed.').closest('[tabindex]')).toHaveFocus());
  });

  it('lets the expert deliver files they shared with the submission', async () => {
    signInAs(EXPERT.id);
    const funded = makeWorkspace({
      viewerRole: 'expert',
      milestones: [makeMilestone({ status: 'funded' })],
      files: [makeFile({ id: 21, name: 'figures.zip.pdf', uploadedBy: EXPERT.id }), makeFile({ id: 22, name: 'old.pdf', uploadedBy: EXPERT.id, milestoneId: 1 }), makeFile()],
    });
    jest.spyOn(paymentsApi, 'workspace').mockResolvedValue(funded);
    const submit = jest.spyOn(paymentsApi, 'submit').mockResolvedValue({ ...funded, milestones: [makeMilestone({ status: 'submitted' })] });
    renderRoute('/profile/workspace/2');

    await userEvent.click(await screen.findByRole('button', { name: 'Submit work' }));
    const dialog = screen.getByRole('dialog');
    const choices = within(within(dialog).getByRole('group', { name: 'Files to deliver (optional)' })).getAllByRole('checkbox');
    // Only the expert's own files that were not delivered before.
    expect(choices).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'figures.zip.pdf' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note for the client (required)' }), 'The figures are attached.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit work' }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith(1, 'The figures are attached.', expect.any(String), [21]));
  });

  it('offers no upload once the contract has ended, and says why when the workspace is full', async () => {
    jest.spyOn(paymentsApi, 'workspace').mockResolvedValue(makeWorkspace({ contract: { ...makeWorkspace().contract, status: 'completed' }, files: [makeFile()] }));
    // An ended contract's workspace also shows its reviews.
    jest.spyOn(reviewsApi, 'forContract').mockResolvedValue(makeContractReviews());
    const { unmount } = renderRoute('/profile/workspace/2');
    expect(await within(await screen.findByRole('region', { name: 'Shared files' })).findByRole('button', { name: 'Download cohort-data.xlsx' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Share a file')).toBeNull();
    expect(within(files$()).queryByRole('button', { name: /^Remove/ })).toBeNull();
    unmount();

    const many = Array.from({ length: 50 }, (_, i) => makeFile({ id: 100 + i, name: `f${i}.pdf` }));
    jest.spyOn(paymentsApi, 'workspace').mockResolvedValue(makeWorkspace({ files: many }));
    renderRoute('/profile/workspace/2');
    expect(await screen.findByLabelText('Share a file')).toBeDisabled();
    expect(screen.getByText(PAYMENT_MESSAGES.filesTooMany)).toBeInTheDocument();
  });
});
