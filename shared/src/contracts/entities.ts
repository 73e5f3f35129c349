// The product's entities, as the server sends them and the clients read them.
// Each type is Static<> of its TypeBox schema in ./schemas (imported as a type only: no run-time cost).
import type { Static } from 'typebox';
import type * as S from './schemas/entities';

export type NamedRef = Static<typeof S.NamedRef>;
export type Service = Static<typeof S.Service>;
export type OfferedService = Static<typeof S.OfferedService>;

/** 'YYYY-MM' */
export type YearMonth = string;

export type WorkExperience = Static<typeof S.WorkExperience>;
export type Education = Static<typeof S.Education>;
/** isExpire: true when the credential does not expire (shown as 'Present'); endTime is then null. */
export type Certification = Static<typeof S.Certification>;

export interface OrcidDatePart {
  value: string;
}
export type Publication = Static<typeof S.Publication>;

/** The member's own view of their account (authProvider 'oidc': updates go through UpdateUserAuth0). */
export type User = Static<typeof S.User>;

/** What another member sees: no e-mail, phone number or private settings. */
export type PublicUser = Static<typeof S.PublicUser>;
