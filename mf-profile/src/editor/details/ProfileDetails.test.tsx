import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type User } from '@sciexperts/shared';
import { userApi } from '@sciexperts/shared/member';
import { CANCELED_MESSAGE, ProfileDetails, SAVE_FAILED_MESSAGE, SAVED_MESSAGE } from './ProfileDetails';
import { buildUpdateBody } from './detailsForm';
import { isFeeInput, parseFee, stepFee } from './fee';
import { makeUser } from '../../test/fixtures';

function setup(user: User = makeUser(), onUserUpdated = jest.fn()) {
  const view = render(<ProfileDetails user={user} percent={60} onUserUpdated={onUserUpdated} />);
  return { ...view, onUserUpdated };
}
const fee = () => screen.getByLabelText('Hourly fee (USD)');
const headline = () => screen.getByLabelText('Headline');
const summary = () => screen.getByLabelText('Summary');
const saveButton = () => screen.queryByRole('button', { name: 'Save' });
const cancelButton = () => screen.queryByRole('button', { name: 'Cancel' });

afterEach(() => jest.restoreAllMocks());

describe('fee rules', () => {
  it('accepts digits with one optional decimal point only', () => {
    expect(['', '12', '12.', '12.50', '.5'].every(isFeeInput)).toBe(true);
    expect(['1a', '1.2.3', '-1', '+1', '1e3', ' 1'].some(isFeeInput)).toBe(false);
    expect(parseFee('.')).toBeNull();
    expect(parseFee('')).toBeNull();
    expect(parseFee('0')).toBe(0);
  });

  it('steps by 1 with two decimals and never below 0', () => {
    expect(stepFee('', 1)).toBe('1.00');
    expect(stepFee('2.5', 1)).toBe('3.50');
    expect(stepFee('0.40', -1)).toBe('0.00');
    expect(stepFee('', -1)).toBe('0.00');
  });
});

describe('ProfileDetails', () => {
  it('prefills the fields and shows the percentage', () => {
    setup();
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Last name')).toHaveValue('Expert');
    expect(headline()).toHaveValue('Statistician');
    expect(summary()).toHaveValue('I analyse data.');
    expect(fee()).toHaveValue('50.00');
    expect(screen.getByText('Profile 60% complete')).toBeInTheDocument();
  });

  it('the fee field refuses letters, signs and a second dot', async () => {
    setup(makeUser({ hourlyFee: null }));
    await userEvent.type(fee(), '1a2.5.x-');
    expect(fee()).toHaveValue('12.5');
  });

  it('plus and minus step by 1, show two decimals and stop at 0', async () => {
    setup(makeUser({ hourlyFee: 1 }));
    const minus = screen.getByRole('button', { name: 'Decrease hourly fee by 1' });
    await userEvent.click(screen.getByRole('button', { name: 'Increase hourly fee by 1' }));
    expect(fee()).toHaveValue('2.00');
    await userEvent.click(minus);
    await userEvent.click(minus);
    expect(fee()).toHaveValue('0.00');
    expect(minus).toBeDisabled();
    await userEvent.clear(fee());
    await userEvent.type(fee(), '0.5');
    await userEvent.click(minus);
    expect(fee()).toHaveValue('0.00');
  });

  it('counts the headline down and flags it under 20 characters left', async () => {
    setup(makeUser({ headline: '' }));
    expect(screen.getByText('120 characters left')).toHaveAttribute('data-warn', 'false');
    await userEvent.type(headline(), 'x'.repeat(100));
    expect(screen.getByText('20 characters left')).toHaveAttribute('data-warn', 'false');
    await userEvent.type(headline(), 'x');
    const counter = screen.getByText(/19 characters left/, { selector: 'p' });
    expect(counter).toHaveAttribute('data-warn', 'true');
    // The polite live region repeats the counter only while flagged.
    expect(document.querySelector('[aria-live="polite"]:not([role])')).toHaveTextContent('19 characters left');
    expect(headline()).toHaveAttribute('maxLength', '120');
  });

  it('shows Save and Cancel only for a changed, valid form', async () => {
    setup();
    expect(saveButton()).toBeNull();
    await userEvent.type(headline(), ' and more');
    expect(saveButton()).toBeInTheDocument();
    expect(cancelButton()).toBeInTheDocument();
    await userEvent.clear(summary());
    await userEvent.type(summary(), '   ');
    expect(saveButton()).toBeNull();
    await userEvent.clear(summary());
    await userEvent.type(summary(), 'Back');
    expect(saveButton()).toBeInTheDocument();
    await userEvent.clear(fee());
    expect(saveButton()).toBeNull();
    await userEvent.type(fee(), '.');
    expect(saveButton()).toBeNull();
    await userEvent.type(fee(), '5');
    expect(saveButton()).toBeInTheDocument();
    await userEvent.clear(headline());
    expect(saveButton()).toBeNull();
  });

  it('Cancel restores the original values and says so', async () => {
    setup();
    await userEvent.type(headline(), '!!');
    await userEvent.clear(fee());
    await userEvent.type(fee(), '75');
    await userEvent.click(cancelButton()!);
    expect(headline()).toHaveValue('Statistician');
    expect(fee()).toHaveValue('50.00');
    expect(screen.getByText(CANCELED_MESSAGE)).toHaveAttribute('role', 'status');
    expect(saveButton()).toBeNull();
  });

  it('Save sends the trimmed fields, disables while saving and reports success', async () => {
    const saved = makeUser({ headline: 'Senior statistician', hourlyFee: 80 });
    let resolve!: (user: User) => void;
    const update = jest.spyOn(userApi, 'update').mockImplementation(() => new Promise((r) => (resolve = r)));
    const { onUserUpdated } = setup(makeUser({ profImgUrl: 'http://localhost:3000/uploads/a.png' }));
    await userEvent.clear(headline());
    await userEvent.type(headline(), '  Senior statistician ');
    await userEvent.clear(fee());
    await userEvent.type(fee(), '80');
    await userEvent.click(saveButton()!);
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(update).toHaveBeenCalledWith(7, {
      firstName: 'Ada',
      lastName: 'Expert',
      headline: 'Senior statistician',
      profileSummary: 'I analyse data.',
      hourlyFee: 80,
      profImgUrl: 'http://localhost:3000/uploads/a.png',
    });
    resolve(saved);
    expect(await screen.findByText(SAVED_MESSAGE)).toHaveAttribute('role', 'status');
    expect(onUserUpdated).toHaveBeenCalledWith(saved);
  });

  it('identity-provider members save through UpdateUserAuth0', async () => {
    const updateIdentityUser = jest.spyOn(userApi, 'updateIdentityUser').mockResolvedValue(makeUser({ authProvider: 'oidc', headline: 'New' }));
    const update = jest.spyOn(userApi, 'update');
    setup(makeUser({ authProvider: 'oidc' }));
    await userEvent.clear(headline());
    await userEvent.type(headline(), 'New');
    await userEvent.click(saveButton()!);
    await screen.findByText(SAVED_MESSAGE);
    expect(updateIdentityUser).toHaveBeenCalledWith(expect.objectContaining({ headline: 'New' }));
    expect(update).not.toHaveBeenCalled();
  });

  it('a failed save says so and keeps the edits', async () => {
    jest.spyOn(userApi, 'update').mockRejectedValue(new ApiError('Headline must be at most 120 characters.', 400, null));
    setup();
    await userEvent.type(headline(), ' plus');
    await userEvent.click(saveButton()!);
    expect(await screen.findByText(SAVE_FAILED_MESSAGE)).toBeInTheDocument();
    expect(headline()).toHaveValue('Statistician plus');
    expect(saveButton()).toBeEnabled();
  });

  it('the form follows the saved user without losing unrelated edits', async () => {
    const { rerender } = setup();
    await userEvent.type(summary(), ' More.');
    rerender(<ProfileDetails user={makeUser({ profImgUrl: 'http://x.test/p.png' })} percent={60} onUserUpdated={jest.fn()} />);
    expect(summary()).toHaveValue('I analyse data. More.');
    rerender(<ProfileDetails user={makeUser({ profileSummary: 'Saved elsewhere.' })} percent={60} onUserUpdated={jest.fn()} />);
    expect(summary()).toHaveValue('Saved elsewhere.');
  });
});

describe('buildUpdateBody', () => {
  it('omits empty texts and sends hourlyFee and profImgUrl whenever defined', () => {
    expect(buildUpdateBody({ firstName: ' ', lastName: '', headline: ' H ', profileSummary: 'S', hourlyFee: '0', country: '' }, null)).toEqual({ headline: 'H', profileSummary: 'S', hourlyFee: 0, profImgUrl: null });
    expect(buildUpdateBody({ firstName: 'A', lastName: 'B', headline: 'H', profileSummary: 'S', hourlyFee: '', country: '' }, undefined)).toEqual({ firstName: 'A', lastName: 'B', headline: 'H', profileSummary: 'S' });
  });

  it('sends the country when it changed, and null to clear it', () => {
    const values = { firstName: 'A', lastName: 'B', headline: 'H', profileSummary: 'S', hourlyFee: '' };
    expect(buildUpdateBody({ ...values, country: 'DE' }, undefined, null)).toMatchObject({ country: 'DE' });
    expect(buildUpdateBody({ ...values, country: 'DE' }, undefined, 'DE')).not.toHaveProperty('country');
    expect(buildUpdateBody({ ...values, country: '' }, undefined, 'DE')).toMatchObject({ country: null });
  });
});

describe('country', () => {
  it('is an optional list of countries, saved with the profile', async () => {
    const update = jest.spyOn(userApi, 'update').mockResolvedValue(makeUser({ country: 'KE' }));
    const { onUserUpdated } = setup(makeUser({ country: null }));
    const country = screen.getByLabelText('Country (optional)');
    expect(country).toHaveValue('');
    await userEvent.selectOptions(country, 'Kenya');
    await userEvent.click(saveButton()!);
    await waitFor(() => expect(onUserUpdated).toHaveBeenCalled());
    expect(update).toHaveBeenCalledWith(expect.any(Number), expect.objectContaining({ country: 'KE' }));
  });
});

describe('avatar', () => {
  const png = (size = 10) => new File([new Uint8Array(size)], 'me.png', { type: 'image/png' });

  it('uploads a PNG and reports it', async () => {
    const uploaded = makeUser({ profImgUrl: 'http://localhost:3000/uploads/new.png' });
    const upload = jest.spyOn(userApi, 'uploadProfileImage').mockResolvedValue(uploaded);
    const { onUserUpdated } = setup();
    await userEvent.upload(screen.getByLabelText(/Profile photo/), png());
    await waitFor(() => expect(onUserUpdated).toHaveBeenCalledWith(uploaded));
    expect(upload).toHaveBeenCalledWith(7, expect.any(File));
    expect(screen.getByText('Profile photo updated.')).toBeInTheDocument();
  });

  it('shows the image with size and alt text', () => {
    setup(makeUser({ profImgUrl: 'http://localhost:3000/uploads/me.png' }));
    const img = screen.getByRole('img', { name: 'Profile photo of Ada Expert' });
    expect(img).toHaveAttribute('width', '96');
    expect(img).toHaveAttribute('height', '96');
  });

  it('refuses other types and files over 2 MB before uploading', async () => {
    const upload = jest.spyOn(userApi, 'uploadProfileImage');
    setup();
    const input = screen.getByLabelText(/Profile photo/);
    await userEvent.upload(input, new File(['x'], 'me.gif', { type: 'image/gif' }), { applyAccept: false });
    expect(screen.getByText('Please choose a PNG, JPEG or WebP image.')).toBeInTheDocument();
    await userEvent.upload(input, png(2 * 1024 * 1024 + 1));
    expect(screen.getByText('The image is larger than 2 MB. Please choose a smaller one.')).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
  });
});
