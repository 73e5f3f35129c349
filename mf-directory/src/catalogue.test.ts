import { SERVICE_CATALOGUE } from '@sciexperts/shared';
import { practiceAreasFor } from './catalogue';

describe('practiceAreasFor', () => {
  it('offers every practice area once, in the order the English collator gives', () => {
    const all = [...new Set(SERVICE_CATALOGUE.flatMap((entry) => entry.practiceAreas))];
    expect(practiceAreasFor('')).toEqual([...all].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it("offers a chosen service's own areas", () => {
    const [first] = SERVICE_CATALOGUE;
    expect(practiceAreasFor(first!.name)).toEqual(first!.practiceAreas);
  });
});
