import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { signIn, type Education, type WorkExperience } from '@sciexperts/shared';
import { workExperienceApi, userApi, vettingApi } from '@sciexperts/shared/member';
import { ProfileEditor } from '../ProfileEditor';
import { makeUser } from '../../test/fixtures';

const thisYear = String(new Date().getFullYear());
const stored: WorkExperience = {
  id: 11,
  companyName: 'Acme Labs',
  jobTitle: 'Chemist',
  employmentType: 'Part time',
  currentlyWorking: true,
  description: null,
  startTime: `${thisYear}-01`,
  endTime: null,
};
const degree: Education = { id: 3, institutionName: 'ETH Zurich', degreeTitle: 'Physics', degreeType: 'Master', currentlyStudying: false, description: null, startTime: '2012-09', endTime: '2014-06' };

beforeEach(() => {
  localStorage.clear();
  act(() => signIn('token', { id: 7, firstName: 'Ada' } as never));
  jest.spyOn(userApi, 'getById').mockResolvedValue(makeUser());
  jest.spyOn(userApi, 'getAllServices').mockResolvedValue([]);
  jest.spyOn(userApi, 'getEducation').mockResolvedValue([degree]);
  jest.spyOn(userApi, 'getCertifications').mockResolvedValue([]);
  jest.spyOn(userApi, 'getPublications').mockResolvedValue([]);
  jest.spyOn(vettingApi, 'mine').mockResolvedValue({ status: 'none', verified: false, orcidId: null, request: null });
});
afterEach(() => jest.restoreAllMocks());

const chips = () => within(screen.getByRole('navigation', { name: 'Profile completion' }));
const region = (name: string) => screen.getByRole('region', { name });

describe('the record sections in the editor', () => {
  it('start from the loaded lists and keep the chips in step with adds and deletes', async () => {
    const getWork = jest.spyOn(userApi, 'getWorkExperiences').mockResolvedValueOnce([]).mockResolvedValueOnce([stored]).mockResolvedValueOnce([]);
    jest.spyOn(workExperienceApi, 'add').mockResolvedValue(stored);
    jest.spyOn(workExperienceApi, 'remove').mockResolvedValue({ message: 'Deleted successfully!' });
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <ProfileEditor />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('button', { name: 'Work Experience: required, not completed yet' })).toBeInTheDocument();
    expect(within(region('Education')).getByRole('heading', { name: 'Physics' })).toBeInTheDocument();
    expect(within(region('Certification')).getByRole('heading', { name: 'Add certification' })).toBeInTheDocument();

    const work = within(region('Work Experience'));
    await user.type(work.getByLabelText('Company name'), 'Acme Labs');
    await user.type(work.getByLabelText('Job title'), 'Chemist');
    await user.selectOptions(work.getByLabelText('Employment type'), 'Part time');
    await user.selectOptions(work.getByLabelText('Start month'), '01');
    await user.selectOptions(work.getByLabelText('Start year'), thisYear);
    await user.click(work.getByLabelText('I currently work here'));
    await user.click(work.getByRole('button', { name: 'Save work experience' }));
    expect(await work.findByText('Added successfully!')).toBeInTheDocument();
    expect(chips().getByRole('button', { name: 'Work Experience: completed' })).toBeInTheDocument();
    expect(screen.getByText('Profile 80% complete')).toBeInTheDocument();

    await user.click(work.getByRole('button', { name: 'Delete Chemist at Acme Labs' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await work.findByText('Deleted successfully!')).toBeInTheDocument();
    expect(chips().getByRole('button', { name: 'Work Experience: required, not completed yet' })).toBeInTheDocument();
    expect(getWork).toHaveBeenCalledTimes(3);
  });
});
