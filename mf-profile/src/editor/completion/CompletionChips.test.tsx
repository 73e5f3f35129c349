import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CompletionChips } from './CompletionChips';
import { computeCompletion } from './computeCompletion';
import { goToSection } from '../sections';
import { makeUser } from '../../test/fixtures';

describe('CompletionChips', () => {
  const items = computeCompletion(makeUser({ headline: null }), { workExperience: 0, education: 1, certification: 0, publication: 0 }).items;

  it('shows completed, incomplete mandatory and optional states, in the name as well as the style', () => {
    render(<CompletionChips items={items} onSelect={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Summary: completed' })).toHaveAttribute('data-state', 'completed');
    expect(screen.getByRole('button', { name: 'Headline: required, not completed yet' })).toHaveAttribute('data-state', 'incomplete');
    expect(screen.getByRole('button', { name: 'Work Experience: required, not completed yet' })).toHaveAttribute('data-state', 'incomplete');
    expect(screen.getByRole('button', { name: 'Education: completed' })).toHaveAttribute('data-state', 'completed');
    expect(screen.getByRole('button', { name: 'Publication: optional, not added yet' })).toHaveAttribute('data-state', 'optional');
  });

  it('passes the clicked item on', async () => {
    const onSelect = jest.fn();
    render(<CompletionChips items={items} onSelect={onSelect} />);
    await userEvent.click(screen.getByRole('button', { name: /^Services/ }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ key: 'services', sectionId: 'services' }));
  });
});

describe('goToSection', () => {
  it('scrolls the section into view smoothly and focuses its heading', () => {
    render(
      <section id="services">
        <h2 id="services-heading" tabIndex={-1}>
          Services
        </h2>
      </section>,
    );
    const section = document.getElementById('services')!;
    section.scrollIntoView = jest.fn();
    goToSection('services');
    expect(section.scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(screen.getByRole('heading', { name: 'Services' })).toHaveFocus();
  });

  it('does not animate when the member prefers reduced motion', () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ matches: query.includes('reduce'), media: query })) as unknown as typeof window.matchMedia;
    render(
      <section id="education">
        <h2 id="education-heading" tabIndex={-1}>
          Education
        </h2>
      </section>,
    );
    const section = document.getElementById('education')!;
    section.scrollIntoView = jest.fn();
    goToSection('education');
    expect(section.scrollIntoView).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' });
    window.matchMedia = original;
  });
});
