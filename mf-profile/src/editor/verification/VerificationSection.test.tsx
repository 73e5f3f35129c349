import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations } from '@sciexperts/ui/testing/axe';
import { ApiError, VETTING_MESSAGES as M, type MyVettingView, type VettingFileView, type VettingRequestView } from '@sciexperts/shared';
import { vettingApi } from '@sciexperts/shared/member';
import { makeUser } from '../../test/fixtures';
import { VerificationSection } from './VerificationSection';

afterEach(() => jest.restoreAllMocks());

const expert = makeUser({ headline: 'Biostatistician for clinical trials' });
const file = (id: number, name: string): VettingFileView => ({ id, name, contentType: 'application/pdf', size: 1200, createdAt: '2026-11-20T10:00:00.000Z' });
const request = (over: Partial<VettingRequestView> = {}): VettingRequestView => ({
  id: 5,
  status: 'pending',
  legalName: 'Ada Maria Lovelace',
  identityFile: file(1, 'passport.pdf'),
  degree: { title: 'PhD Statistics', institution: 'University of London', year: 2014, file: null },
  affiliation: { institution: 'Analytical Engines Ltd', role: 'Lead statistician' },
  orcidId: null,
  reReview: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
  decisionReason: null,
  ...over,
});
const mine = (over: Partial<MyVettingView> = {}): MyVettingView => ({ status: 'none', verified: false, orcidId: null, request: null, ...over });

describe('Verification in the profile', () => {
  it('asks for the identity document, legal name, degree and affiliation, names the linked ORCID iD, and sends them', async () => {
    const user = userEvent.setup();
    jest.spyOn(vettingApi, 'mine').mockResolvedValue(mine({ orcidId: '0000-0002-1825-0097' }));
    const upload = jest.spyOn(vettingApi, 'upload').mockResolvedValueOnce(file(11, 'passport.pdf')).mockResolvedValueOnce(file(12, 'diploma.pdf'));
    const ask = jest.spyOn(vettingApi, 'ask').mockResolvedValue(request({ orcidId: '0000-0002-1825-0097' }));
    render(<VerificationSection user={expert} />);
    expect(await screen.findByText('ORCID iD 0000-0002-1825-0097, linked to your profile, is sent with the request.')).toBeInTheDocument();
    await expectNoAxeViolations(1280);
    await expectNoAxeViolations(375);

    // Sending it empty names every missing field and puts the focus on the first.
    await user.click(screen.getByRole('button', { name: 'Ask to be verified' }));
    expect(screen.getByLabelText('Identity document')).toHaveFocus();
    expect(screen.getByLabelText('Identity document')).toHaveAccessibleDescription(expect.stringContaining(M.identityFile));
    expect(screen.getByLabelText('Legal name, as on the document')).toHaveAccessibleDescription(M.legalName);
    expect(screen.getByLabelText('Year awarded')).toHaveAccessibleDescription(M.year);
    expect(ask).not.toHaveBeenCalled();
    await expectNoAxeViolations(1280);

    await user.upload(screen.getByLabelText('Identity document'), new File(['%PDF-1.4'], 'passport.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('passport.pdf is uploaded.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Legal name, as on the document'), 'Ada Maria Lovelace');
    await user.type(screen.getByLabelText('Degree title'), 'PhD Statistics');
    await user.type(screen.getByLabelText('Awarding institution'), 'University of London');
    await user.type(screen.getByLabelText('Year awarded'), '2014');
    await user.upload(screen.getByLabelText('Degree certificate (optional)'), new File(['%PDF-1.4'], 'diploma.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('diploma.pdf is uploaded.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Institution' }), 'Analytical Engines Ltd');
    await user.type(screen.getByRole('textbox', { name: 'Role' }), 'Lead statistician');
    await user.click(screen.getByRole('button', { name: 'Ask to be verified' }));
    expect(upload).toHaveBeenCalledTimes(2);
    expect(ask).toHaveBeenCalledWith({
      legalName: 'Ada Maria Lovelace',
      identityFileId: 11,
      degree: { title: 'PhD Statistics', institution: 'University of London', year: 2014, fileId: 12 },
      affiliation: { institution: 'Analytical Engines Ltd', role: 'Lead statistician' },
    });
    const outcome = await screen.findByText(/is waiting for review/);
    expect(outcome).toHaveTextContent(M.sent);
    await waitFor(() => expect(outcome).toHaveFocus());
    expect(screen.queryByRole('form', { name: 'Ask to be verified' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal (one request pending) and says when no ORCID record is linked', async () => {
    const user = userEvent.setup();
    jest.spyOn(vettingApi, 'mine').mockResolvedValue(mine());
    jest.spyOn(vettingApi, 'upload').mockResolvedValue(file(11, 'passport.pdf'));
    jest.spyOn(vettingApi, 'ask').mockRejectedValue(new ApiError(M.pendingAlready, 409, { message: M.pendingAlready }));
    render(<VerificationSection user={expert} />);
    expect(await screen.findByText(/No ORCID record is linked to your profile/)).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Identity document'), new File(['%PDF-1.4'], 'passport.pdf', { type: 'application/pdf' }));
    await screen.findByText('passport.pdf is uploaded.');
    for (const [label, text] of [
      ['Legal name, as on the document', 'Ada Lovelace'],
      ['Degree title', 'PhD'],
      ['Awarding institution', 'UCL'],
      ['Year awarded', '2014'],
    ] as const)
      await user.type(screen.getByLabelText(label), text);
    await user.type(screen.getByRole('textbox', { name: 'Institution' }), 'UCL');
    await user.type(screen.getByRole('textbox', { name: 'Role' }), 'Lecturer');
    await user.click(screen.getByRole('button', { name: 'Ask to be verified' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(M.pendingAlready);
  });

  it('shows the operator’s reason after a rejection, with the form to ask again', async () => {
    jest.spyOn(vettingApi, 'mine').mockResolvedValue(mine({ status: 'rejected', request: request({ status: 'rejected', decisionReason: 'The passport photo is unreadable' }) }));
    render(<VerificationSection user={expert} />);
    expect(await screen.findByText('Your request of Nov 20, 2026 was not approved: The passport photo is unreadable. You can ask again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ask to be verified' })).toBeInTheDocument();
    await expectNoAxeViolations(375);
  });

  it('says a request is waiting, a re-review after a change of name, and shows the badge once verified', async () => {
    const mineSpy = jest.spyOn(vettingApi, 'mine').mockResolvedValue(mine({ status: 'pending', request: request() }));
    const { unmount } = render(<VerificationSection user={expert} />);
    expect(await screen.findByText('Your request of Nov 20, 2026 is waiting for review.')).toBeInTheDocument();
    unmount();
    mineSpy.mockResolvedValue(mine({ status: 'pending', request: request({ reReview: true }) }));
    const second = render(<VerificationSection user={expert} />);
    expect(await screen.findByText(/You changed your name after your profile was verified/)).toBeInTheDocument();
    second.unmount();
    mineSpy.mockResolvedValue(mine({ status: 'approved', verified: true, request: request({ status: 'approved' }) }));
    render(<VerificationSection user={expert} />);
    expect(await screen.findByRole('img', { name: 'Verified expert' })).toBeInTheDocument();
    expect(screen.getByText(/Your profile is verified/)).toBeInTheDocument();
    await expectNoAxeViolations(1280);
  });

  it('tells a member without an expert profile to add a headline first', async () => {
    jest.spyOn(vettingApi, 'mine').mockResolvedValue(mine());
    render(<VerificationSection user={makeUser({ headline: '' })} />);
    expect(await screen.findByText(M.expertsOnly)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask to be verified' })).not.toBeInTheDocument();
  });
});
