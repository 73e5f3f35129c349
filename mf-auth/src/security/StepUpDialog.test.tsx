import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations } from '@sciexperts/ui/testing/axe';
import { ApiError, SECURITY_MESSAGES, securityApi } from '@sciexperts/shared';
import { StepUpDialog } from './StepUpDialog';

jest.mock('@sciexperts/shared', () => jest.requireActual('../testing/sharedMock').sharedWithMockedAccountApi());
const security = securityApi as jest.Mocked<typeof securityApi>;

beforeEach(() => jest.clearAllMocks());

describe('the step-up dialog', () => {
  it('asks a member with a second factor for the code, and says done once the server agrees', async () => {
    security.stepUpOptions.mockResolvedValue({ methods: ['totp'] });
    security.stepUp.mockRejectedValueOnce(new ApiError(SECURITY_MESSAGES.codeWrong, 400, { message: SECURITY_MESSAGES.codeWrong })).mockResolvedValueOnce({ message: SECURITY_MESSAGES.stepUpDone, until: '2026-11-27T10:05:00.000Z' });
    const onDone = jest.fn();
    render(<StepUpDialog onDone={onDone} />);
    expect(screen.getByRole('dialog', { name: 'Confirm it is you' })).toBeInTheDocument();
    const field = await screen.findByLabelText('Authentication code');
    await userEvent.type(field, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SECURITY_MESSAGES.codeWrong);
    expect(onDone).not.toHaveBeenCalled();
    await userEvent.clear(field);
    await userEvent.type(field, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    expect(security.stepUp).toHaveBeenLastCalledWith({ method: 'totp', code: '123456' });
  });

  it('asks for the password when the member has neither passkey nor second factor, and cancels', async () => {
    security.stepUpOptions.mockResolvedValue({ methods: ['password'] });
    const onDone = jest.fn();
    render(<StepUpDialog onDone={onDone} />);
    expect(await screen.findByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onDone).toHaveBeenCalledWith(false);
  });

  it.each([1280, 375])('has no axe violations at %i px', async (width) => {
    security.stepUpOptions.mockResolvedValue({ methods: ['passkey', 'totp'], passkeyOptions: {} });
    render(<StepUpDialog onDone={() => undefined} />);
    await screen.findByRole('button', { name: 'Use a passkey' });
    await expectNoAxeViolations(width);
  });
});
