// The expert directory ("Find an expert"): public search and public profiles. Server-only at run time.
import { Type, type TUnsafe } from 'typebox';
import { Nullable } from './common';
import { Certification, Education, OfferedService, Publication, WorkExperience } from './entities';

const optionalText = (description: string, maxLength = 1000) => Type.Optional(Type.String({ maxLength, description }));

/** The expert's published reviews from clients (docs/decisions/0015-reviews.md). */
const Rating = {
  ratingAverage: Nullable(Type.Number({ description: 'Mean rating of the published reviews, one decimal (1.0–5.0); null without any.' })),
  reviewCount: Type.Integer({ description: 'Published reviews.' }),
};

/**
 * Every parameter is an optional string (Ajv does not coerce): numbers, the sort and the country are parsed by
 * the directory's rules, which answer 400 with a sentence naming the field.
 */
export const ExpertSearchQuery = Type.Object(
  {
    q: optionalText('Free text: names, headline, summary, services, practice areas, job titles, certifications. Words match as prefixes. At most SEARCH_QUERY_MAX_LENGTH (200) characters.'),
    service: optionalText('A catalogue service name, exactly as GET /api/Service/GetAllServices spells it.'),
    area: optionalText('A practice area name, exactly as the catalogue spells it.'),
    minFee: optionalText('Lowest hourly fee: a non-negative integer.', 20),
    maxFee: optionalText('Highest hourly fee: a non-negative integer, at least minFee.', 20),
    country: optionalText('ISO 3166-1 alpha-2 code in upper case (DE).', 20),
    verified: optionalText("'true': only experts whose verification an operator approved (the Verified badge).", 10),
    sort: optionalText("One of EXPERT_SORTS: 'relevance' (default), 'fee-asc', 'fee-desc', 'rating' (highest rated first, then most reviewed; unrated last).", 20),
    page: optionalText('1-based page number; a page past the end answers no results with the real total.', 20),
  },
  { additionalProperties: false },
);

const Highlight: TUnsafe<[number, number]> = Type.Unsafe<[number, number]>({
  type: 'array',
  items: { type: 'integer' },
  minItems: 2,
  maxItems: 2,
  description: '[start, end): a matched query word in the snippet, as UTF-16 offsets.',
});

export const ExpertCardService = Type.Object({ name: Type.String(), practiceAreas: Type.Array(Type.String()) });

export const ExpertCard = Type.Object(
  {
    id: Type.Integer(),
    slug: Type.String({ description: "'ada-lovelace': for readable links; the id is what identifies the expert." }),
    firstName: Type.String(),
    lastName: Type.String(),
    headline: Type.String(),
    profImgUrl: Nullable(Type.String()),
    hourlyFee: Nullable(Type.Number()),
    country: Nullable(Type.String()),
    services: Type.Array(ExpertCardService),
    snippet: Type.String({ description: 'At most 220 characters of the summary around the first match, or its start.' }),
    highlights: Type.Array(Highlight),
    ...Rating,
    verified: Type.Boolean({ description: 'An operator approved the expert’s identity and credentials (the Verified badge).' }),
  },
  { title: 'ExpertCard' },
);

export const ExpertSearchResponse = Type.Object(
  { total: Type.Integer(), page: Type.Integer(), pageSize: Type.Integer(), results: Type.Array(ExpertCard) },
  { title: 'ExpertSearchResponse' },
);

export const ExpertProfileParams = Type.Object({ id: Type.String({ description: 'The expert’s id (a positive integer).' }) }, { additionalProperties: false });

/** What anyone may read of a public expert: no e-mail, phone number or account settings. */
export const PublicExpertProfile = Type.Object(
  {
    id: Type.Integer(),
    slug: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    headline: Type.String(),
    profileSummary: Nullable(Type.String()),
    hourlyFee: Nullable(Type.Number()),
    country: Nullable(Type.String()),
    profImgUrl: Nullable(Type.String()),
    offeredServices: Type.Array(OfferedService),
    workExperiences: Type.Array(WorkExperience),
    educations: Type.Array(Education),
    certifications: Type.Array(Certification),
    publications: Type.Array(Publication),
    isHidden: Type.Boolean({ description: 'true only when the owner reads their own profile while it is hidden from the directory.' }),
    hiddenBySciExperts: Type.Optional(Type.String({ description: "The owner only: SciExperts' operators hid this profile from the directory for this reason." })),
    ...Rating,
    verified: Type.Boolean({ description: 'An operator approved the expert’s identity and credentials (the Verified badge).' }),
  },
  { title: 'PublicExpertProfile' },
);
