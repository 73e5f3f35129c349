import type { PublicExpertProfile } from '@sciexperts/shared';

export { makeExpertCard as card, makeExpertPage as page } from '@sciexperts/shared/testing';

export function profile(overrides: Partial<PublicExpertProfile> = {}): PublicExpertProfile {
  return {
    id: 42,
    slug: 'ada-lovelace',
    firstName: 'Ada',
    lastName: 'Lovelace',
    headline: 'Biostatistician for clinical trials',
    profileSummary: 'Fifteen years of trial statistics.\n\nI write analysis plans regulators accept.',
    hourlyFee: 85,
    country: 'GB',
    profImgUrl: null,
    offeredServices: [{ id: 1, createdAt: '2026-01-01', service: { id: 3, name: 'Statistical Analysis' }, practiceAreas: [{ id: 11, name: 'Biostatistics' }, { id: 12, name: 'Bayesian Analysis' }] }],
    workExperiences: [{ id: 5, companyName: 'Analytical Engines Ltd', jobTitle: 'Lead Statistician', employmentType: 'Full-time', currentlyWorking: true, description: null, startTime: '2019-03', endTime: null }],
    educations: [{ id: 6, institutionName: 'University of London', degreeTitle: 'PhD Statistics', degreeType: 'Doctorate', currentlyStudying: false, description: null, startTime: '2010-09', endTime: '2014-06' }],
    certifications: [{ id: 7, certificationName: 'Accredited Statistician', issuingOrganization: 'Royal Statistical Society', certificationUrl: 'https://rss.example/cert', isExpire: true, startTime: '2015-01', endTime: null }],
    publications: [{ title: 'Notes on the Analytical Engine', url: 'https://doi.example/1', type: 'journal-article', publicationDate: { year: { value: '2021' }, month: { value: '3' }, day: null } }],
    isHidden: false,
    ratingAverage: null,
    reviewCount: 0,
    verified: false,
    ...overrides,
  };
}
