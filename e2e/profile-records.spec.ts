import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { e2eOrigins } from '../playwright.config';
import { expect, signUpMember, test, type SignedUpMember } from './fixtures';

const api = e2eOrigins.api;
const thisYear = String(new Date().getFullYear());
const lastYear = String(Number(thisYear) - 1);

/** What the server holds, read through the record list endpoint with the member's own session. */
async function serverList(request: APIRequestContext, member: SignedUpMember, path: string) {
  const response = await request.get(`${api}/api/${path}/${member.id}`, { headers: { Authorization: `Bearer ${member.token}` } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Array<Record<string, unknown>>;
}

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const chip = (page: Page, label: string) => page.getByRole('navigation', { name: 'Profile completion' }).getByRole('button', { name: new RegExp(`^${label}:`) });

async function pickMonth(scope: Locator, which: 'Start' | 'End', month: string, year: string) {
  await scope.getByLabel(`${which} month`).selectOption(month);
  await scope.getByLabel(`${which} year`).selectOption(year);
}

async function confirmDelete(page: Page, scope: Locator, entry: string, question: string) {
  await scope.getByRole('button', { name: `Delete ${entry}` }).click();
  const dialog = page.getByRole('alertdialog', { name: question });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(scope.getByText('Deleted successfully!')).toBeVisible();
}

test.describe('profile records', () => {
  test('work experience: refused when incomplete, added while current, edited with an end date, deleted after confirming', async ({ page, request }) => {
    const member = await signUpMember(request, page);
    await page.goto('/profile');
    const work = section(page, 'Work Experience');
    await expect(work.getByText("You haven't added any work experience yet.")).toBeVisible();
    await expect(chip(page, 'Work Experience')).toHaveAttribute('data-state', 'incomplete');

    // The form is already open; an empty Save explains each field and focuses the first.
    await work.getByRole('button', { name: 'Save work experience' }).click();
    await expect(work.getByLabel('Company name')).toBeFocused();
    // Each message is next to its field and is the field's description (the form's live region reads them too).
    await expect(work.getByLabel('Company name')).toHaveAccessibleDescription('Company name is required.');
    await expect(work.getByLabel('Company name')).toHaveAttribute('aria-invalid', 'true');
    await expect(work.getByText('Company name is required.', { exact: true })).toBeVisible();
    await expect(work.getByLabel('Employment type')).toHaveAccessibleDescription('Please select employment type.');
    await expect(work.getByLabel('End month')).toHaveAccessibleDescription('Please select a complete end date.');

    await work.getByLabel('Company name').fill('  Cavendish Laboratory ');
    await work.getByLabel('Job title').fill('Research associate');
    await work.getByLabel('Employment type').selectOption('Full time');
    await pickMonth(work, 'Start', '03', lastYear);
    await work.getByLabel('I currently work here').check();
    await expect(work.getByLabel('End month')).toBeDisabled();
    await expect(work.getByLabel('End year')).toBeDisabled();
    await work.getByLabel('Description (optional)').fill('X-ray diffraction of DNA fibres.');
    await work.getByRole('button', { name: 'Save work experience' }).click();

    await expect(work.getByText('Added successfully!')).toBeVisible();
    await expect(work.getByRole('heading', { name: 'Research associate', level: 3 })).toBeVisible();
    await expect(work.getByText(`Mar ${lastYear} – Present`)).toBeVisible();
    await expect(chip(page, 'Work Experience')).toHaveAttribute('data-state', 'completed');
    let stored = await serverList(request, member, 'WorkExperience/GetAllWorkExperiencesByUserId');
    expect(stored).toEqual([
      expect.objectContaining({
        companyName: 'Cavendish Laboratory',
        jobTitle: 'Research associate',
        employmentType: 'Full time',
        currentlyWorking: true,
        description: 'X-ray diffraction of DNA fibres.',
        startTime: `${lastYear}-03`,
        endTime: null,
      }),
    ]);

    await work.getByRole('button', { name: 'Edit Research associate at Cavendish Laboratory' }).click();
    await expect(work.getByLabel('Company name')).toHaveValue('Cavendish Laboratory');
    await expect(work.getByLabel('I currently work here')).toBeChecked();
    await work.getByLabel('Job title').fill('Senior research associate');
    await work.getByLabel('I currently work here').uncheck();
    await pickMonth(work, 'End', '01', thisYear);
    await work.getByRole('button', { name: 'Save work experience' }).click();
    await expect(work.getByText('Updated successfully!')).toBeVisible();
    await expect(work.getByText(`Mar ${lastYear} – Jan ${thisYear}`)).toBeVisible();
    stored = await serverList(request, member, 'WorkExperience/GetAllWorkExperiencesByUserId');
    expect(stored).toEqual([expect.objectContaining({ jobTitle: 'Senior research associate', currentlyWorking: false, startTime: `${lastYear}-03`, endTime: `${thisYear}-01` })]);

    // Escape keeps the entry; confirming deletes it.
    const bin = work.getByRole('button', { name: 'Delete Senior research associate at Cavendish Laboratory' });
    await bin.click();
    await expect(page.getByRole('alertdialog', { name: 'Are you sure you want to delete this work experience?' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(bin).toBeFocused();
    await confirmDelete(page, work, 'Senior research associate at Cavendish Laboratory', 'Are you sure you want to delete this work experience?');
    await expect(work.getByText("You haven't added any work experience yet.")).toBeVisible();
    await expect(chip(page, 'Work Experience')).toHaveAttribute('data-state', 'incomplete');
    expect(await serverList(request, member, 'WorkExperience/GetAllWorkExperiencesByUserId')).toEqual([]);
  });

  test('education: added with an end date, edited to currently studying, deleted', async ({ page, request }) => {
    const member = await signUpMember(request, page);
    await page.goto('/profile');
    const education = section(page, 'Education');
    await expect(education.getByText("You haven't added any Education yet.")).toBeVisible();
    await education.getByLabel('Institution name').fill('Newnham College');
    await education.getByLabel('Degree title').fill('Natural Sciences');
    await education.getByLabel('Degree type').selectOption('Bachelor');
    await pickMonth(education, 'Start', '10', '2000');
    // An end before the start is refused.
    await pickMonth(education, 'End', '06', '1999');
    await education.getByRole('button', { name: 'Save Education' }).click();
    await expect(education.getByLabel('End month')).toHaveAccessibleDescription('The end date cannot be before the start date.');
    await expect(education.getByLabel('End month')).toBeFocused();
    await pickMonth(education, 'End', '06', '2003');
    await education.getByRole('button', { name: 'Save Education' }).click();
    await expect(education.getByText('Added successfully!')).toBeVisible();
    await expect(education.getByText('Oct 2000 – Jun 2003')).toBeVisible();
    await expect(chip(page, 'Education')).toHaveAttribute('data-state', 'completed');
    expect(await serverList(request, member, 'Education/GetAllEducationByUserId')).toEqual([
      expect.objectContaining({ institutionName: 'Newnham College', degreeTitle: 'Natural Sciences', degreeType: 'Bachelor', currentlyStudying: false, startTime: '2000-10', endTime: '2003-06', description: null }),
    ]);

    await education.getByRole('button', { name: 'Edit Natural Sciences at Newnham College' }).click();
    await education.getByLabel('Degree type').selectOption('PhD');
    await education.getByLabel('I currently study here').check();
    await expect(education.getByLabel('End year')).toBeDisabled();
    await education.getByRole('button', { name: 'Save Education' }).click();
    await expect(education.getByText('Updated successfully!')).toBeVisible();
    await expect(education.getByText('Oct 2000 – Present')).toBeVisible();
    expect(await serverList(request, member, 'Education/GetAllEducationByUserId')).toEqual([expect.objectContaining({ degreeType: 'PhD', currentlyStudying: true, endTime: null })]);

    // Still there after a reload: the list comes from the server.
    await page.reload();
    await expect(education.getByText('Oct 2000 – Present')).toBeVisible();
    await confirmDelete(page, education, 'Natural Sciences at Newnham College', 'Are you sure you want to delete this Education?');
    await expect(education.getByText("You haven't added any Education yet.")).toBeVisible();
    expect(await serverList(request, member, 'Education/GetAllEducationByUserId')).toEqual([]);
  });

  test('certification: a non-expiring credential shows Present, is edited to expire, deleted', async ({ page, request }) => {
    const member = await signUpMember(request, page);
    await page.goto('/profile');
    const certification = section(page, 'Certification');
    await expect(certification.getByText("You haven't added any certification yet.")).toBeVisible();
    await certification.getByLabel('Certification name').fill('Good Clinical Practice');
    await certification.getByLabel('Issuing organization').fill('  NIH ');
    await pickMonth(certification, 'Start', '05', lastYear);
    await certification.getByLabel('This credential does not expire').check();
    await expect(certification.getByLabel('End month')).toBeDisabled();
    await certification.getByLabel('Credential URL (optional)').fill('https://example.org/credentials/gcp');
    await certification.getByRole('button', { name: 'Save certification' }).click();
    await expect(certification.getByText('Added successfully!')).toBeVisible();
    await expect(certification.getByText(`May ${lastYear} – Present`)).toBeVisible();
    await expect(certification.getByRole('link', { name: /^Show credential for Good Clinical Practice from NIH/ })).toHaveAttribute('href', 'https://example.org/credentials/gcp');
    await expect(chip(page, 'Certification')).toHaveAttribute('data-state', 'completed');
    expect(await serverList(request, member, 'Certification/GetAllCertificationByUserId')).toEqual([
      expect.objectContaining({ certificationName: 'Good Clinical Practice', issuingOrganization: 'NIH', certificationUrl: 'https://example.org/credentials/gcp', isExpire: true, startTime: `${lastYear}-05`, endTime: null }),
    ]);

    await certification.getByRole('button', { name: 'Edit Good Clinical Practice from NIH' }).click();
    await expect(certification.getByLabel('This credential does not expire')).toBeChecked();
    await certification.getByLabel('This credential does not expire').uncheck();
    await pickMonth(certification, 'End', '05', thisYear);
    await certification.getByLabel('Credential URL (optional)').fill('');
    await certification.getByRole('button', { name: 'Save certification' }).click();
    await expect(certification.getByText('Updated successfully!')).toBeVisible();
    await expect(certification.getByText(`May ${lastYear} – May ${thisYear}`)).toBeVisible();
    await expect(certification.getByRole('link')).toHaveCount(0);
    expect(await serverList(request, member, 'Certification/GetAllCertificationByUserId')).toEqual([
      expect.objectContaining({ isExpire: false, endTime: `${thisYear}-05`, certificationUrl: null }),
    ]);

    await confirmDelete(page, certification, 'Good Clinical Practice from NIH', 'Are you sure you want to delete this Certification?');
    await expect(certification.getByText("You haven't added any certification yet.")).toBeVisible();
    expect(await serverList(request, member, 'Certification/GetAllCertificationByUserId')).toEqual([]);
  });
});

test.describe('profile records accessibility', () => {
  // axe-core writes style attributes while it measures, which our CSP rightly blocks; waived for these scans only.
  test.use({ bypassCSP: true });

  const scan = (page: Page, include: string) =>
    new AxeBuilder({ page }).include(include).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const violations = (results: Awaited<ReturnType<AxeBuilder['analyze']>>) => results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

  test('a section with its form open (messages shown) and with the delete confirmation open has no axe violations', async ({ page, request }) => {
    const member = await signUpMember(request, page);
    const added = await request.post(`${api}/api/Certification/AddCertification/${member.id}`, {
      headers: { Authorization: `Bearer ${member.token}` },
      data: { certificationName: 'Radiation Safety', issuingOrganization: 'IAEA', certificationUrl: null, isExpire: true, startTime: `${lastYear}-01`, endTime: null },
    });
    expect(added.ok(), await added.text()).toBe(true);
    await page.goto('/profile');

    const work = section(page, 'Work Experience');
    await work.getByRole('button', { name: 'Save work experience' }).click();
    await expect(work.getByLabel('Job title')).toHaveAccessibleDescription('Job title is required.');
    expect(violations(await scan(page, '#work-experience'))).toEqual([]);

    const certification = section(page, 'Certification');
    await certification.getByRole('button', { name: 'Edit Radiation Safety from IAEA' }).click();
    await expect(certification.getByLabel('End month')).toBeDisabled();
    expect(violations(await scan(page, '#certification'))).toEqual([]);

    await certification.getByRole('button', { name: 'Delete Radiation Safety from IAEA' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Are you sure you want to delete this Certification?' })).toBeVisible();
    expect(violations(await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze())).toEqual([]);
  });
});
