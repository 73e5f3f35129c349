// The editor's sections, in page order. Chips and the side tracker both point at these ids;
// each section's heading has the id `${id}-heading` and receives focus when jumped to.
export const SECTIONS = [
  { id: 'profile-details', label: 'Profile Details' },
  { id: 'services', label: 'Services' },
  { id: 'work-experience', label: 'Work Experience' },
  { id: 'education', label: 'Education' },
  { id: 'certification', label: 'Certification' },
  { id: 'publication', label: 'Publication' },
  { id: 'profile-privacy', label: 'Profile Privacy' },
  { id: 'verification', label: 'Verification' },
] as const;

export type SectionId = (typeof SECTIONS)[number]['id'];

export const headingId = (id: SectionId) => `${id}-heading`;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Fired on window by goToSection, so the tracker can highlight the member's choice at once. */
export const SECTION_JUMP_EVENT = 'sciexperts:profile-section-jump';

/** Scrolls the section into view (smoothly unless the member asked for less motion) and focuses its heading. */
export function goToSection(id: SectionId): void {
  const section = document.getElementById(id);
  if (!section) return;
  section.scrollIntoView?.({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  // preventScroll: the smooth scroll above is already under way; focus() would jump instantly.
  document.getElementById(headingId(id))?.focus({ preventScroll: true });
  window.dispatchEvent(new CustomEvent(SECTION_JUMP_EVENT, { detail: id }));
}
