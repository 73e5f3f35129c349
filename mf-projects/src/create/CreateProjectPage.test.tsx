import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore } from '@sciexperts/shared';
import { PROJECT_MESSAGES } from '@sciexperts/shared/member';
import { renderRoute } from '../test/renderRoute';
import { localToday, FORM_MESSAGES } from './projectForm';
import { DESCRIPTION, fillValidForm, pdf, renderCreatePage } from './testKit';

beforeEach(() => {
  localStorage.clear();
  authStore.setState({ status: 'ready', token: null, user: null, signInMethod: null, signedOutReason: null });
});

const checkbox = (name: string) => screen.queryByRole('checkbox', { name });

describe('the project form', () => {
  it('is the page at /create-project, with the service a card or "Request a service" chose', async () => {
    renderRoute('/create-project?service=Medical%20Writing');
    expect(screen.getByRole('heading', { level: 1, name: 'Post a project' })).toBeInTheDocument();
    expect(document.title).toBe('Post a project | SciExperts');
    expect(screen.getByLabelText('Service')).toHaveValue('Medical Writing');
    expect(checkbox('Manuscript Writing')).not.toBeChecked();
    expect(checkbox('Biostatistics')).toBeNull();
    // Sensible defaults: fixed price, one to four weeks, public.
    expect(screen.getByRole('radio', { name: 'Fixed price' })).toBeChecked();
    expect(screen.getByLabelText('Duration')).toHaveValue('1-4-weeks');
    expect(screen.getByRole('radio', { name: 'Public — any signed-in member can see it and send a proposal' })).toBeChecked();
  });

  it('ignores a service that is not in the catalogue', () => {
    renderCreatePage('/create-project?service=Astrology');
    expect(screen.getByLabelText('Service')).toHaveValue('');
    expect(screen.queryByRole('group', { name: 'Practice areas (optional)' })).toBeNull();
  });

  it("offers only the chosen service's practice areas and drops those that no longer belong", async () => {
    const user = userEvent.setup();
    renderCreatePage('/create-project');
    await user.selectOptions(screen.getByLabelText('Service'), 'Statistical Analysis');
    const areas = screen.getByRole('group', { name: 'Practice areas (optional)' });
    expect(within(areas).getAllByRole('checkbox').map((box) => box.getAttribute('value'))).toEqual(['Biostatistics', 'Survey Analysis', 'Clinical Trial Statistics', 'Bayesian Analysis', 'Meta-Analysis']);
    await user.click(screen.getByRole('checkbox', { name: 'Biostatistics' }));
    await user.selectOptions(screen.getByLabelText('Service'), 'Medical Writing');
    expect(checkbox('Biostatistics')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Service'), 'Statistical Analysis');
    expect(checkbox('Biostatistics')).not.toBeChecked();
  });

  it('says the description limits up front and counts as one types', async () => {
    const user = userEvent.setup();
    renderCreatePage('/create-project');
    const description = screen.getByLabelText('Description');
    expect(description).toHaveAccessibleDescription(/at least 50 characters.*0 \/ 5,000/);
    await user.type(description, 'Line one{Enter}Line two');
    expect(screen.getByText('17 / 5,000')).toBeInTheDocument();
    expect(description).toHaveValue('Line one\nLine two');
  });

  it('names every problem by its field on publishing and moves to the first one', async () => {
    const user = userEvent.setup();
    renderCreatePage('/create-project');
    await user.click(screen.getByRole('button', { name: 'Publish project' }));
    const title = screen.getByLabelText('Title');
    expect(title).toHaveFocus();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription(expect.stringContaining(PROJECT_MESSAGES.titleRequired));
    expect(screen.getByLabelText('Service')).toHaveAccessibleDescription(PROJECT_MESSAGES.serviceInvalid);
    expect(screen.getByLabelText('Description')).toHaveAccessibleDescription(expect.stringContaining(PROJECT_MESSAGES.descriptionLength));
    expect(screen.getByLabelText('Fixed price (USD)')).toHaveAccessibleDescription(FORM_MESSAGES.fixedAmount);

    await user.type(title, 'Survival analysis');
    expect(title).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Publish project' }));
    expect(screen.getByLabelText('Service')).toHaveFocus();
  });

  it('asks for an hourly range with the lowest rate first', async () => {
    const user = userEvent.setup();
    renderCreatePage('/create-project');
    await fillValidForm(user);
    await user.click(screen.getByRole('radio', { name: 'Hourly' }));
    expect(screen.queryByLabelText('Fixed price (USD)')).toBeNull();
    await user.type(screen.getByLabelText('Lowest hourly rate (USD)'), '90');
    await user.type(screen.getByLabelText('Highest hourly rate (USD)'), '80');
    await user.click(screen.getByRole('button', { name: 'Publish project' }));
    const highest = screen.getByLabelText('Highest hourly rate (USD)');
    expect(highest).toHaveFocus();
    expect(highest).toHaveAccessibleDescription(FORM_MESSAGES.rateOrder);
  });

  it('takes a deadline from today on instead of a duration', async () => {
    const user = userEvent.setup();
    renderCreatePage('/create-project');
    await fillValidForm(user);
    await user.click(screen.getByRole('radio', { name: 'Deadline' }));
    expect(screen.queryByLabelText('Duration')).toBeNull();
    const deadline = screen.getByLabelText('Finish by');
    expect(deadline).toHaveAttribute('type', 'date');
    expect(deadline).toHaveAttribute('min', localToday());
    fireEvent.change(deadline, { target: { value: '2001-01-01' } });
    await user.click(screen.getByRole('button', { name: 'Publish project' }));
    expect(deadline).toHaveFocus();
    expect(deadline).toHaveAccessibleDescription(PROJECT_MESSAGES.dateInPast);
  });

  it('stays short: at most twelve fields before the attachments', () => {
    renderCreatePage('/create-project?service=Statistical%20Analysis');
    const form = screen.getByRole('form', { name: 'Post a project' });
    const controls = Array.from(form.querySelectorAll<HTMLInputElement>('input, select, textarea')).filter((control) => control.type !== 'file');
    const fields = new Set(controls.map((control) => control.name));
    expect([...fields]).toEqual(['title', 'service', 'practiceAreas', 'description', 'budgetType', 'amount', 'timing', 'duration', 'visibility']);
    expect(fields.size).toBeLessThanOrEqual(12);
  });

  it('lists chosen files with their size, removes them, and refuses a sixth or one over 10 MB', async () => {
    const user = userEvent.setup();
    renderCreatePage('/create-project');
    const picker = screen.getByLabelText('Add files');
    expect(picker).toHaveAttribute('accept', expect.stringContaining('.pdf'));
    await user.upload(picker, [pdf('brief.pdf', 2400), pdf('data.pdf', 3_500_000)]);
    const list = screen.getByRole('list', { name: 'Chosen files' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['brief.pdf2 KBRemove', 'data.pdf3.3 MBRemove']);
    await user.click(screen.getByRole('button', { name: 'Remove brief.pdf' }));
    expect(screen.queryByText('brief.pdf')).toBeNull();
    expect(picker).toHaveFocus();

    await user.upload(picker, [pdf('huge.pdf', 10 * 1024 * 1024 + 1)]);
    expect(picker).toHaveAccessibleDescription(expect.stringContaining(`huge.pdf: ${PROJECT_MESSAGES.attachmentTooLarge}`));
    await user.upload(picker, [pdf('2.pdf'), pdf('3.pdf'), pdf('4.pdf'), pdf('5.pdf'), pdf('6.pdf')]);
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(picker).toHaveAccessibleDescription(expect.stringContaining(`6.pdf: ${PROJECT_MESSAGES.attachmentsTooMany}`));
  });

  it('lets a signed-out visitor fill everything in and says publishing will ask for an account', async () => {
    const user = userEvent.setup();
    renderCreatePage('/create-project');
    await fillValidForm(user);
    expect(screen.getByLabelText('Description')).toHaveValue(DESCRIPTION);
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    expect(screen.getByText(/Publishing asks you to log in or create an account/)).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('sciexperts.projectDraft.guest')).toContain('Survival analysis of a cohort'));
  });
});
