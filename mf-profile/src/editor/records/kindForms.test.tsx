import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Certification, type Education } from '@sciexperts/shared';
import { certificationApi, educationApi } from '@sciexperts/shared/member';
import { EditorSection } from '../EditorSection';
import { certificationKind, educationKind } from './recordKinds';
import { RecordSection } from './RecordSection';

const thisYear = String(new Date().getFullYear());
const lastYear = String(Number(thisYear) - 1);

const form = () => screen.getByRole('form');
const field = (label: string) => within(form()).getByLabelText(label);

afterEach(() => jest.restoreAllMocks());

describe('the education section', () => {
  const renderEducation = (items: Education[]) =>
    render(
      <EditorSection id="education" title="Education">
        <RecordSection kind={educationKind} userId={7} initialItems={items} onCountChange={jest.fn()} />
      </EditorSection>,
    );

  it('uses its own fields, messages and empty text', async () => {
    const user = userEvent.setup();
    renderEducation([]);
    expect(screen.getByText("You haven't added any Education yet.")).toBeInTheDocument();
    expect(within(field('Degree type') as HTMLSelectElement).getAllByRole('option').map((o) => o.textContent)).toEqual(['Select degree type', 'PhD', 'Master', 'Bachelor']);
    await user.click(screen.getByRole('button', { name: 'Save Education' }));
    expect(field('Institution name')).toHaveFocus();
    expect(field('Institution name')).toHaveAccessibleDescription('Institution name is required.');
    expect(field('Degree title')).toHaveAccessibleDescription('Degree title is required.');
    expect(field('Degree type')).toHaveAccessibleDescription('Please select degree type.');
    expect(field('Start month')).toHaveAccessibleDescription('Please select a start date.');
    expect(field('End year')).toHaveAccessibleDescription('Please select a complete end date.');
  });

  it('refuses an end before the start, and with "I currently study here" sends no end date', async () => {
    const add = jest.spyOn(educationApi, 'add').mockImplementation(async (_userId, body) => ({ id: 5, ...body, description: body.description ?? null }));
    jest.spyOn(educationApi, 'list').mockImplementation(async () => [
      { id: 5, institutionName: 'ETH Zurich', degreeTitle: 'Physics', degreeType: 'PhD', currentlyStudying: true, description: null, startTime: `${lastYear}-09`, endTime: null },
    ]);
    const user = userEvent.setup();
    renderEducation([]);
    await user.type(field('Institution name'), 'ETH Zurich');
    await user.type(field('Degree title'), 'Physics');
    await user.selectOptions(field('Degree type'), 'PhD');
    await user.selectOptions(field('Start month'), '09');
    await user.selectOptions(field('Start year'), lastYear);
    await user.selectOptions(field('End month'), '06');
    await user.selectOptions(field('End year'), lastYear);
    await user.click(screen.getByRole('button', { name: 'Save Education' }));
    expect(add).not.toHaveBeenCalled();
    expect(field('End month')).toHaveFocus();
    expect(field('End month')).toHaveAccessibleDescription('The end date cannot be before the start date.');

    await user.click(field('I currently study here'));
    expect(field('End month')).toBeDisabled();
    expect(field('End month')).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Save Education' }));
    expect(add).toHaveBeenCalledWith(7, expect.objectContaining({ currentlyStudying: true, startTime: `${lastYear}-09`, endTime: null, description: null }));
    expect(await screen.findByText('Added successfully!')).toBeInTheDocument();
    expect(screen.getByText('ETH Zurich · PhD')).toBeInTheDocument();
    expect(screen.getByText(`Sep ${lastYear} – Present`)).toBeInTheDocument();
  });

  it('asks with its own sentence before deleting', async () => {
    const user = userEvent.setup();
    renderEducation([{ id: 5, institutionName: 'ETH Zurich', degreeTitle: 'Physics', degreeType: 'PhD', currentlyStudying: false, description: null, startTime: '2015-09', endTime: '2019-06' }]);
    await user.click(screen.getByRole('button', { name: 'Delete Physics at ETH Zurich' }));
    expect(screen.getByRole('alertdialog', { name: 'Are you sure you want to delete this Education?' })).toBeInTheDocument();
  });
});

describe('the certification section', () => {
  const gcp: Certification = { id: 3, certificationName: 'Good Clinical Practice', issuingOrganization: 'NIH', certificationUrl: 'https://nih.example/cert/3', isExpire: true, startTime: '2022-01', endTime: null };
  const renderCertification = (items: Certification[]) =>
    render(
      <EditorSection id="certification" title="Certification">
        <RecordSection kind={certificationKind} userId={7} initialItems={items} onCountChange={jest.fn()} />
      </EditorSection>,
    );

  it('shows a non-expiring credential as Present, with a safe link to it', () => {
    renderCertification([gcp, { ...gcp, id: 4, certificationName: 'Old', certificationUrl: 'javascript:alert(1)', isExpire: false, endTime: '2023-01' }]);
    const [first, second] = screen.getAllByRole('listitem');
    expect(within(first!).getByText('Jan 2022 – Present')).toBeInTheDocument();
    const link = within(first!).getByRole('link', { name: 'Show credential for Good Clinical Practice from NIH (opens in a new tab)' });
    expect(link).toHaveAttribute('href', 'https://nih.example/cert/3');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(second!).getByText('Jan 2022 – Jan 2023')).toBeInTheDocument();
    // Not a web address: no link at all.
    expect(within(second!).queryByRole('link')).toBeNull();
  });

  it('labels its flag for what it means; ticked, the end date is off and the call says isExpire with no end', async () => {
    const add = jest.spyOn(certificationApi, 'add').mockResolvedValue(gcp);
    jest.spyOn(certificationApi, 'list').mockResolvedValue([gcp]);
    const user = userEvent.setup();
    renderCertification([]);
    expect(screen.getByText("You haven't added any certification yet.")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save certification' }));
    expect(field('Certification name')).toHaveAccessibleDescription('Certification name is required.');
    expect(field('Issuing organization')).toHaveAccessibleDescription('Issuing Organization name is required.');
    expect(field('Credential URL (optional)')).not.toHaveAttribute('aria-invalid');

    await user.type(field('Certification name'), ' Good Clinical Practice ');
    await user.type(field('Issuing organization'), 'NIH');
    await user.selectOptions(field('Start month'), '01');
    await user.selectOptions(field('Start year'), '2022');
    await user.type(field('Credential URL (optional)'), 'nih.example/cert');
    const flag = field('This credential does not expire');
    await user.click(flag);
    expect(field('End month')).toBeDisabled();
    expect(field('End year')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save certification' }));
    expect(add).not.toHaveBeenCalled();
    expect(field('Credential URL (optional)')).toHaveFocus();
    expect(field('Credential URL (optional)')).toHaveAccessibleDescription('Please enter a valid URL starting with http:// or https://.');

    await user.clear(field('Credential URL (optional)'));
    await user.type(field('Credential URL (optional)'), 'https://nih.example/cert/3');
    await user.click(screen.getByRole('button', { name: 'Save certification' }));
    expect(add).toHaveBeenCalledWith(7, {
      certificationName: 'Good Clinical Practice',
      issuingOrganization: 'NIH',
      certificationUrl: 'https://nih.example/cert/3',
      isExpire: true,
      startTime: '2022-01',
      endTime: null,
    });
    expect(await screen.findByText('Jan 2022 – Present')).toBeInTheDocument();
  });

  it('the pencil prefills the flag, and the bin asks with its own sentence', async () => {
    const user = userEvent.setup();
    renderCertification([gcp]);
    await user.click(screen.getByRole('button', { name: 'Edit Good Clinical Practice from NIH' }));
    expect(field('This credential does not expire')).toBeChecked();
    expect(field('End month')).toBeDisabled();
    expect(field('Credential URL (optional)')).toHaveValue('https://nih.example/cert/3');
    await user.click(screen.getByRole('button', { name: 'Delete Good Clinical Practice from NIH' }));
    expect(screen.getByRole('alertdialog', { name: 'Are you sure you want to delete this Certification?' })).toBeInTheDocument();
  });
});
