import type { User } from '@sciexperts/shared';

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
