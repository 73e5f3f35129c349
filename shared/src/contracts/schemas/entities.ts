// The entities as the server sends them. Responses are serialised from these schemas, so a
// property that is not listed here (a password hash, an e-mail in a public view) is never written out.
import { Type } from 'typebox';
import { Nullable, StringChoice, YearMonth } from './common';

export const NamedRef = Type.Object({ id: Type.Integer(), name: Type.String() });

export const Service = Type.Object({ id: Type.Integer(), name: Type.String(), practiceAreas: Type.Array(NamedRef) });

export const OfferedService = Type.Object({ id: Type.Integer(), createdAt: Type.String(), service: NamedRef, practiceAreas: Type.Array(NamedRef) });

const months = { startTime: YearMonth, endTime: Nullable(YearMonth) };

export const WorkExperience = Type.Object({
  id: Type.Integer(),
  companyName: Type.String(),
  jobTitle: Type.String(),
  employmentType: Type.String(),
  currentlyWorking: Type.Boolean(),
  description: Nullable(Type.String()),
  ...months,
});

export const Education = Type.Object({
  id: Type.Integer(),
  institutionName: Type.String(),
  degreeTitle: Type.String(),
  degreeType: Type.String(),
  currentlyStudying: Type.Boolean(),
  description: Nullable(Type.String()),
  ...months,
});

export const Certification = Type.Object({
  id: Type.Integer(),
  certificationName: Type.String(),
  issuingOrganization: Type.String(),
  certificationUrl: Nullable(Type.String()),
  isExpire: Type.Boolean({ description: "true when the credential does not expire (shown as 'Present'); endTime is then null." }),
  ...months,
});

const DatePart = Nullable(Type.Object({ value: Type.String() }));

export const Publication = Type.Object({
  title: Type.String(),
  url: Nullable(Type.String()),
  type: Nullable(Type.String()),
  publicationDate: Nullable(Type.Object({ year: DatePart, month: DatePart, day: DatePart })),
});

const publicFields = {
  id: Type.Integer(),
  firstName: Type.String(),
  lastName: Type.String(),
  headline: Nullable(Type.String()),
  profileSummary: Nullable(Type.String()),
  hourlyFee: Nullable(Type.Number()),
  profImgUrl: Nullable(Type.String()),
  offeredServices: Type.Array(OfferedService),
  workExperiences: Type.Array(WorkExperience),
};

/** The member's own view of their account. */
export const User = Type.Object(
  {
    ...publicFields,
    email: Type.String(),
    phoneNumber: Nullable(Type.String()),
    isProfilePublic: Type.Boolean({ description: "Whether signed-out visitors may see the profile (the editor's Profile Privacy setting)." }),
    authProvider: StringChoice(['password', 'oidc'] as const, { description: "'oidc' for members who signed in through the identity provider." }),
    country: Type.Optional(Nullable(Type.String({ description: 'ISO 3166-1 alpha-2 code (DE) or null. Always sent by the server; optional in the type so older fixtures still compile.' }))),
    emailVerified: Type.Optional(
      Type.Boolean({ description: 'Whether the member confirmed the e-mail address (needed to publish a project, send a proposal or fund escrow). Always sent by the server.' }),
    ),
  },
  { title: 'User', description: "The member's own view of their account." },
);

/** What another member sees: no e-mail, phone number or private settings. */
export const PublicUser = Type.Object(publicFields, { title: 'PublicUser', description: 'What another member sees: no e-mail, phone number or private settings.' });
