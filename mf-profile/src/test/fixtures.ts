import type { OfferedService, Service } from '@sciexperts/shared';

export { makeUser } from '@sciexperts/shared/testing';

export const catalogue: Service[] = [
  { id: 1, name: 'Data Science', practiceAreas: [{ id: 11, name: 'Machine Learning' }, { id: 12, name: 'Statistics' }] },
  { id: 2, name: 'Medical Writing', practiceAreas: [{ id: 21, name: 'Clinical Reports' }] },
  { id: 3, name: 'Literature Search', practiceAreas: [] },
];

export const offeredDataScience: OfferedService = {
  id: 100,
  createdAt: '2026-01-01T00:00:00Z',
  service: { id: 1, name: 'Data Science' },
  practiceAreas: [{ id: 12, name: 'Statistics' }],
};
