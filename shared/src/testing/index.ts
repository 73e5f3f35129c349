// Test fixtures for the contracts' shapes, shared by every slice's tests so that a new field is added
// in one place. Only tests import this entry (lint keeps it out of browser code).
import type { ExpertCard, ExpertSearchResponse, User } from '../contracts';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    email: 'ada@example.test',
    firstName: 'Ada',
    lastName: 'Expert',
    headline: 'Statistician',
    profileSummary: 'I analyse data.',
    hourlyFee: 50,
    phoneNumber: '+1 5551234567',
    profImgUrl: null,
    isProfilePublic: false,
    authProvider: 'password',
    offeredServices: [],
    workExperiences: [],
    ...overrides,
  };
}

export function makeExpertCard(overrides: Partial<ExpertCard> = {}): ExpertCard {
  return {
    id: 42,
    slug: 'ada-lovelace',
    firstName: 'Ada',
    lastName: 'Lovelace',
    headline: 'Biostatistician for clinical trials',
    profImgUrl: 'https://api.example/img/42.png',
    hourlyFee: 85,
    country: 'GB',
    services: [{ name: 'Statistical Analysis', practiceAreas: ['Biostatistics'] }],
    snippet: 'I design and analyse clinical trials with Bayesian methods.',
    highlights: [[42, 58]],
    ...overrides,
  };
}

export function makeExpertPage(results: ExpertCard[], overrides: Partial<ExpertSearchResponse> = {}): ExpertSearchResponse {
  return { total: results.length, page: 1, pageSize: 12, results, ...overrides };
}
