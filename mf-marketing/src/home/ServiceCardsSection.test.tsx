import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SERVICE_CATALOGUE } from '@sciexperts/shared';
import { serviceCards } from '../content/services';
import { ServiceCardsSection } from './ServiceCardsSection';

describe('ServiceCardsSection', () => {
  it('gives every card a service of the catalogue', () => {
    const catalogueNames: string[] = SERVICE_CATALOGUE.map((entry) => entry.name);
    for (const card of serviceCards) expect(catalogueNames).toContain(card.service);
  });

  it('opens the project form with the card’s service chosen', () => {
    render(
      <MemoryRouter>
        <ServiceCardsSection />
      </MemoryRouter>,
    );
    const cards = within(screen.getByRole('region', { name: 'What can our experts do for you?' })).getAllByRole('link');
    expect(cards).toHaveLength(serviceCards.length);
    expect(screen.getByRole('link', { name: 'Data analysis' })).toHaveAttribute('href', '/create-project?service=Statistical%20Analysis');
    expect(screen.getByRole('link', { name: 'Product development' })).toHaveAttribute('href', '/create-project?service=Food%20Science%20and%20Technology');
    for (const card of serviceCards) {
      const href = screen.getByRole('link', { name: card.title }).getAttribute('href') ?? '';
      const url = new URL(href, 'https://sciexperts.test');
      expect(url.pathname).toBe('/create-project');
      expect(url.searchParams.get('service')).toBe(card.service);
    }
  });
});
