import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type WorkExperience } from '@sciexperts/shared';
import { workExperienceApi } from '@sciexperts/shared/member';
import { EditorSection } from '../EditorSection';
import { workExperienceKind } from './recordKinds';
import { RecordSection } from './RecordSection';

const acme: WorkExperience = {
  id: 1,
  companyName: 'Acme Labs',
  jobTitle: 'Chemist',
  employmentType: 'Full time',
  currentlyWorking: false,
  description: 'Spectroscopy.',
  startTime: '2018-02',
  endTime: '2021-06',
};

const thisYear = String(new Date().getFullYear());

/** Inside its editor card, as on the page: the card's heading is where focus goes when its target is gone. */
function renderSection(initialItems: WorkExperience[] | null) {
  const onCountChange = jest.fn();
  render(
    <EditorSection id="work-experience" title="Work Experience">
      <RecordSection kind={workExperienceKind} userId={7} initialItems={initialItems} onCountChange={onCountChange} />
    </EditorSection>,
  );
  return { onCountChange };
}

const form = () => screen.getByRole('form', { name: /work experience$/ });
const field = (label: string) => within(form()).getByLabelText(label);

async function fillValid(user = userEvent.setup()) {
  await user.type(field('Company name'), '  Acme Labs ');
  await user.type(field('Job title'), ' Chemist');
  await user.selectOptions(field('Employment type'), 'Full time');
  await user.selectOptions(field('Start month'), '02');
  await user.selectOptions(field('Start year'), thisYear);
  return user;
}

afterEach(() => jest.restoreAllMocks());

describe('RecordSection (the shared list-and-form mechanism)', () => {
  it('opens the form by itself when the list is empty, without taking focus; Cancel closes it and Add More reopens it empty', async () => {
    const user = userEvent.setup();
    renderSection([]);
    expect(screen.getByText("You haven't added any work experience yet.")).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Add work experience' })).toBeInTheDocument();
    expect(document.body).toHaveFocus();

    await user.type(field('Company name'), 'Draft');
    await user.click(within(form()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form')).toBeNull();
    const addMore = screen.getByRole('button', { name: 'Add More work experience' });
    expect(addMore).toHaveFocus();

    await user.click(addMore);
    expect(field('Company name')).toHaveValue('');
    expect(field('Company name')).toHaveFocus();
  });

  it('offers months 01–12 and this year with the 49 before', () => {
    renderSection([]);
    const months = within(field('Start month') as HTMLSelectElement).getAllByRole('option');
    expect(months.map((option) => option.textContent)).toEqual(['Month', '01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12']);
    const years = within(field('End year') as HTMLSelectElement).getAllByRole('option').slice(1);
    expect(years).toHaveLength(50);
    expect(years[0]).toHaveTextContent(thisYear);
    expect(years[49]).toHaveTextContent(String(Number(thisYear) - 49));
  });

  it('shows each message next to its field, announces them, focuses the first field in need, and clears a message once fixed', async () => {
    const add = jest.spyOn(workExperienceApi, 'add');
    const user = userEvent.setup();
    renderSection([]);
    await user.click(within(form()).getByRole('button', { name: 'Save work experience' }));
    expect(add).not.toHaveBeenCalled();

    const company = field('Company name');
    expect(company).toHaveFocus();
    expect(company).toHaveAttribute('aria-invalid', 'true');
    expect(company).toHaveAccessibleDescription('Company name is required.');
    expect(field('Job title')).toHaveAccessibleDescription('Job title is required.');
    expect(field('Employment type')).toHaveAccessibleDescription('Please select employment type.');
    expect(field('Start month')).toHaveAccessibleDescription('Please select a start date.');
    expect(field('Start year')).toHaveAttribute('aria-invalid', 'true');
    expect(field('End month')).toHaveAccessibleDescription('Please select a complete end date.');
    // Optional: never marked.
    expect(field('Description (optional)')).not.toHaveAttribute('aria-invalid');
    expect(within(form()).getByText(/Company name is required\. Job title is required\./)).toHaveAttribute('aria-live', 'polite');

    await user.type(company, 'Acme');
    expect(company).not.toHaveAttribute('aria-invalid');
    expect(within(form()).queryAllByText('Company name is required.')).toHaveLength(0);

    // A half end date and an end before the start are refused too.
    await user.selectOptions(field('Start month'), '06');
    await user.selectOptions(field('Start year'), thisYear);
    await user.selectOptions(field('End month'), '05');
    expect(field('End year')).toHaveAttribute('aria-invalid', 'true');
    expect(field('End month')).not.toHaveAttribute('aria-invalid');
    await user.selectOptions(field('End year'), thisYear);
    expect(field('End month')).toHaveAccessibleDescription('The end date cannot be before the start date.');
  });

  it('adds an entry: trimmed texts, the current flag disables the end date and sends null, then the reloaded list', async () => {
    let release!: () => void;
    const stored: WorkExperience = { ...acme, id: 9, startTime: `${thisYear}-02`, endTime: null, currentlyWorking: true, description: null };
    const add = jest.spyOn(workExperienceApi, 'add').mockImplementation(() => new Promise((resolve) => (release = () => resolve(stored))));
    const list = jest.spyOn(workExperienceApi, 'list').mockResolvedValue([stored]);
    const { onCountChange } = renderSection([]);
    const user = await fillValid();
    await user.selectOptions(field('End month'), '03');
    await user.click(field('I currently work here'));
    expect(field('End month')).toBeDisabled();
    expect(field('End year')).toBeDisabled();
    expect(field('End month')).toHaveValue('');

    const save = within(form()).getByRole('button', { name: 'Save work experience' });
    await user.click(save);
    // Busy and disabled while the call runs: a second click sends nothing.
    expect(save).toBeDisabled();
    expect(save).toHaveTextContent('Saving...');
    await user.click(save);
    expect(add).toHaveBeenCalledTimes(1);
    expect(add).toHaveBeenCalledWith(7, {
      companyName: 'Acme Labs',
      jobTitle: 'Chemist',
      employmentType: 'Full time',
      description: null,
      currentlyWorking: true,
      startTime: `${thisYear}-02`,
      endTime: null,
    });
    await act(async () => release());

    expect(await screen.findByText('Added successfully!')).toBeInTheDocument();
    expect(list).toHaveBeenCalledWith(7);
    expect(screen.queryByRole('form')).toBeNull();
    const entry = screen.getByRole('listitem');
    expect(within(entry).getByRole('heading', { name: 'Chemist' })).toBeInTheDocument();
    expect(within(entry).getByText('Acme Labs · Full time')).toBeInTheDocument();
    expect(within(entry).getByText(`Feb ${thisYear} – Present`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Chemist at Acme Labs' })).toHaveFocus();
    expect(onCountChange).toHaveBeenLastCalledWith('workExperience', 1);
  });

  it('the pencil opens the entry prefilled and Save updates it', async () => {
    const updated = { ...acme, jobTitle: 'Senior Chemist' };
    const update = jest.spyOn(workExperienceApi, 'update').mockResolvedValue(updated);
    jest.spyOn(workExperienceApi, 'list').mockResolvedValue([updated]);
    const user = userEvent.setup();
    renderSection([acme]);
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByText('Feb 2018 – Jun 2021')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Chemist at Acme Labs' }));
    expect(screen.getByRole('heading', { name: 'Edit work experience' })).toBeInTheDocument();
    expect(field('Company name')).toHaveFocus();
    expect(field('Company name')).toHaveValue('Acme Labs');
    expect(field('Employment type')).toHaveValue('Full time');
    expect(field('Start month')).toHaveValue('02');
    expect(field('Start year')).toHaveValue('2018');
    expect(field('End year')).toHaveValue('2021');
    expect(field('Description (optional)')).toHaveValue('Spectroscopy.');
    expect(field('I currently work here')).not.toBeChecked();

    await user.clear(field('Job title'));
    await user.type(field('Job title'), 'Senior Chemist ');
    await user.click(within(form()).getByRole('button', { name: 'Save work experience' }));
    expect(update).toHaveBeenCalledWith(1, expect.objectContaining({ id: 1, jobTitle: 'Senior Chemist', startTime: '2018-02', endTime: '2021-06', currentlyWorking: false }));
    expect(await screen.findByText('Updated successfully!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Senior Chemist' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Senior Chemist at Acme Labs' })).toHaveFocus();
  });

  it('says when saving failed, and shows what the server refused next to the field', async () => {
    const add = jest
      .spyOn(workExperienceApi, 'add')
      .mockRejectedValueOnce(new ApiError('Server error', 500, null))
      .mockRejectedValueOnce(new ApiError('Validation failed', 400, { message: 'Validation failed', details: [{ field: 'jobTitle', message: 'Job title is required.' }] }));
    renderSection([]);
    const user = await fillValid();
    await user.selectOptions(field('End month'), '03');
    await user.selectOptions(field('End year'), thisYear);
    const save = within(form()).getByRole('button', { name: 'Save work experience' });
    await user.click(save);
    expect(await screen.findByText('Failed to save. Please check your input and try again.')).toBeInTheDocument();
    expect(save).toBeEnabled();
    expect(save).toHaveFocus();
    expect(field('Company name')).toHaveValue('  Acme Labs ');

    await user.click(save);
    await waitFor(() => expect(field('Job title')).toHaveAccessibleDescription('Job title is required.'));
    expect(field('Job title')).toHaveFocus();
    expect(add).toHaveBeenCalledTimes(2);
  });

  it('says when the list could not be loaded and loads it again on Retry', async () => {
    const list = jest.spyOn(workExperienceApi, 'list').mockResolvedValue([acme]);
    const { onCountChange } = renderSection(null);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load your work experiences.');
    expect(screen.queryByRole('form')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Retry loading work experience' }));
    expect(await screen.findByRole('heading', { name: 'Chemist' })).toBeInTheDocument();
    expect(list).toHaveBeenCalledWith(7);
    expect(onCountChange).toHaveBeenLastCalledWith('workExperience', 1);
  });
});

describe('deleting asks first, in an accessible dialog', () => {
  const beta: WorkExperience = { ...acme, id: 2, companyName: 'Beta Inc', jobTitle: 'Analyst' };

  it('keeps focus inside, cancels with Escape and returns focus to the bin', async () => {
    const remove = jest.spyOn(workExperienceApi, 'remove');
    const user = userEvent.setup();
    renderSection([acme, beta]);
    const bin = screen.getByRole('button', { name: 'Delete Analyst at Beta Inc' });
    await user.click(bin);
    const dialog = screen.getByRole('alertdialog', { name: 'Are you sure you want to delete this work experience?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    // The page behind is inert while the question is open, and usable again afterwards.
    const page = bin.closest('body > *');
    expect(page).toHaveAttribute('inert');
    expect(dialog.closest('[inert]')).toBeNull();
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(cancel).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveFocus();

    // A press on the backdrop leaves focus in the dialog.
    // (the <dialog> element is the backdrop layer: a press on it, outside the box, is a press on the backdrop)
    expect(fireEvent.mouseDown(dialog)).toBe(false);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(page).not.toHaveAttribute('inert');
    expect(bin).toHaveFocus();
    expect(remove).not.toHaveBeenCalled();

    // The Cancel button does the same.
    await user.click(bin);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(bin).toHaveFocus();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('deletes on confirmation, shows the reloaded list and moves focus to the section heading', async () => {
    const remove = jest.spyOn(workExperienceApi, 'remove').mockResolvedValue({ message: 'Deleted successfully!' });
    jest.spyOn(workExperienceApi, 'list').mockResolvedValue([acme]);
    const user = userEvent.setup();
    const { onCountChange } = renderSection([acme, beta]);
    await user.click(screen.getByRole('button', { name: 'Delete Analyst at Beta Inc' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(remove).toHaveBeenCalledWith(2);
    expect(await screen.findByText('Deleted successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Work Experience' })).toHaveFocus();
    expect(onCountChange).toHaveBeenLastCalledWith('workExperience', 1);
  });

  it('deleting the last entry shows the empty text and opens the form again', async () => {
    jest.spyOn(workExperienceApi, 'remove').mockResolvedValue({ message: 'Deleted successfully!' });
    jest.spyOn(workExperienceApi, 'list').mockResolvedValue([]);
    const user = userEvent.setup();
    renderSection([acme]);
    await user.click(screen.getByRole('button', { name: 'Delete Chemist at Acme Labs' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText("You haven't added any work experience yet.")).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Add work experience' })).toBeInTheDocument();
  });

  it('says when deleting failed and returns focus to the bin', async () => {
    jest.spyOn(workExperienceApi, 'remove').mockRejectedValue(new ApiError('Server error', 500, null));
    const user = userEvent.setup();
    renderSection([acme]);
    const bin = screen.getByRole('button', { name: 'Delete Chemist at Acme Labs' });
    await user.click(bin);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete. Please try again.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(bin).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Chemist' })).toBeInTheDocument();
  });
});
