import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { legalDocuments, privacyPolicy, termsOfService } from '../content/legal';
import { AUTO_RELEASE_DAYS, CONTACT, PLATFORM_FEE_PERCENT } from '../content/platform';
import { expectSoundOutline, renderRoute } from '../test/renderRoute';

describe.each(legalDocuments.map((document) => [document.path, document] as const))('the document at %s', (path, document) => {
  it('is dated, versioned and complete, with contents that lead to each section', async () => {
    const { main } = renderRoute(path);
    expect(screen.getByRole('heading', { level: 1, name: document.title })).toBeInTheDocument();
    expect(main).toHaveTextContent(`Version ${document.version}`);
    expect(main.querySelector(`time[datetime="${document.effectiveDate}"]`)).not.toBeNull();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([...document.sections.map((section) => section.heading), 'Versions']);
    expect(document.title).not.toBe('');
    expect(window.document.title).toBe(`${document.title} | SciExperts`);
    expectSoundOutline(main);

    const contents = screen.getByRole('navigation', { name: 'Contents' });
    const last = document.sections[document.sections.length - 1];
    await userEvent.click(within(contents).getByRole('link', { name: last?.heading }));
    expect(screen.getByRole('heading', { level: 2, name: last?.heading })).toHaveFocus();
  });
});

describe('the legal documents', () => {
  it('the privacy policy covers what, why, how long, processors, rights and contact', () => {
    const { main } = renderRoute('/privacy-policy');
    for (const heading of ['What we collect', 'Why we use it, and on what legal basis', 'Who sees your data', 'How long we keep it', 'Your rights', 'Your rights in the United States']) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    }
    for (const processor of ['our hosting provider', 'our payment processor', 'our e-mail delivery provider', 'our identity provider']) expect(main).toHaveTextContent(processor);
    expect(screen.getAllByRole('link', { name: CONTACT.privacy })[0]).toHaveAttribute('href', `mailto:${CONTACT.privacy}`);
    expect(screen.getByRole('table', { name: 'Retention periods' })).toBeInTheDocument();
    expect(privacyPolicy.sections.length).toBeGreaterThanOrEqual(10);
  });

  it('the User Agreement states the fee, the escrow, the automatic release and the money-back guarantee', () => {
    const { main } = renderRoute('/terms');
    expect(main).toHaveTextContent(`platform fee of ${PLATFORM_FEE_PERCENT} %`);
    expect(main).toHaveTextContent(`released automatically`);
    expect(main).toHaveTextContent(`${AUTO_RELEASE_DAYS} days to approve it`);
    expect(main).toHaveTextContent('full refund of that milestone, platform fee included');
  });

  it('/user-agreement (the member footer’s link) shows the User Agreement with /terms as its canonical URL', () => {
    renderRoute('/user-agreement');
    expect(screen.getByRole('heading', { level: 1, name: termsOfService.title })).toBeInTheDocument();
    expect(window.document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'http://localhost/terms');
  });
});
