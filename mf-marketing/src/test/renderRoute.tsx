import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { StandaloneApp } from '../standalone/StandaloneApp';

/** Renders the page the route table puts at `path`, inside the <main> the shell provides. */
export function renderRoute(path: string) {
  const result = render(
    <MemoryRouter initialEntries={[path]}>
      <StandaloneApp />
    </MemoryRouter>,
  );
  const main = result.container.querySelector('main');
  if (!main) throw new Error('StandaloneApp renders no <main>');
  return { ...result, main };
}

/** Heading levels in document order: one h1 first, and no level skipped on the way down. */
export function expectSoundOutline(root: HTMLElement) {
  const levels = [...root.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((heading) => Number(heading.tagName[1]));
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  expect(levels[0]).toBe(1);
  levels.forEach((level, index) => {
    if (index > 0) expect(level - (levels[index - 1] ?? 1)).toBeLessThanOrEqual(1);
  });
}

export function expectSizedImages(root: HTMLElement) {
  for (const image of root.querySelectorAll('img')) {
    expect(image).toHaveAttribute('alt');
    expect(image).toHaveAttribute('width');
    expect(image).toHaveAttribute('height');
  }
}

/** The JSON-LD blocks a page rendered, parsed. */
export function structuredData(root: ParentNode = document): Array<Record<string, unknown>> {
  return [...root.querySelectorAll('script[type="application/ld+json"]')].map((script) => JSON.parse(script.textContent ?? '') as Record<string, unknown>);
}
