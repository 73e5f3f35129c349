// Expert vetting (docs/decisions/0040-expert-vetting.md): an expert asks to be verified with an identity document,
// their degree, affiliation and linked ORCID iD; an operator approves or rejects with a reason; a verified expert
// carries the "Verified" badge on the directory card, the public profile and proposals. A change of first or last
// name after approval sends the profile back to review. Types are Static<> of ./schemas/vetting (type-only import).
import type { Static } from 'typebox';
import type * as S from './schemas/vetting';

/** The expert's own routes (session required). The operators' routes are in ADMIN_PATHS (contracts/admin). */
export const VETTING_PATHS = {
  /** GET: my verification (status, the latest request, my linked ORCID iD); POST: ask to be verified. */
  mine: '/api/Vetting',
  /** POST: upload a document (multipart field "file"; PDF or image by content) for a request. */
  files: '/api/Vetting/Files',
  /** GET: one of my own documents (anyone else: 404). */
  file: '/api/Vetting/Files/:fileId',
} as const;

/** none → pending → approved | rejected; after a rejection the expert may ask again (a new request). */
export const VETTING_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const;
export type VettingStatus = (typeof VETTING_STATUSES)[number];
export const VETTING_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type VettingRequestStatus = (typeof VETTING_REQUEST_STATUSES)[number];
export const VETTING_OUTCOMES = ['approve', 'reject'] as const;
export type VettingOutcome = (typeof VETTING_OUTCOMES)[number];

export const VETTING_LIMITS = {
  textMax: 200,
  yearMin: 1940,
  yearMax: 2100,
  /** Documents a member may keep uploaded (identity, degree, and replacements over several requests). */
  filesPerMember: 20,
} as const;

/** The badge's accessible name, the same everywhere it shows. */
export const VERIFIED_BADGE_LABEL = 'Verified expert';

export const VETTING_MESSAGES = {
  expertsOnly: 'Only experts can ask to be verified: add a headline to your profile first.',
  pendingAlready: 'Your verification request is waiting for review already.',
  verifiedAlready: 'Your profile is verified already.',
  legalName: 'Enter your legal name as it is written on the document.',
  identityFile: 'Upload an identity document (passport, ID card or driving licence) first.',
  degreeFile: 'Upload the degree certificate first, or leave it out.',
  text: 'Fill this in (at most 200 characters).',
  year: 'Enter the year the degree was awarded.',
  fileNotFound: 'No such document.',
  tooManyFiles: 'You have uploaded the most documents a member may keep (20).',
  noRequest: 'No such verification request.',
  notPending: 'This request is not waiting for review.',
  sent: 'Thank you. An operator reviews your request, usually within two working days; we tell you by e-mail.',
} as const;

/** The 409 of a stale decision: someone else (or you, differently) decided the request first. */
export function vettingDecidedMessage(by: string, at: string): string {
  return `This request was decided by ${by} at ${at}.`;
}

export type VettingFileView = Static<typeof S.VettingFile>;
export type VettingRequestInput = Static<typeof S.VettingRequestBody>;
export type VettingRequestView = Static<typeof S.VettingRequest>;
export type MyVettingView = Static<typeof S.MyVetting>;
export type VettingQueueView = Static<typeof S.VettingQueue>;
export type VettingQueueItemView = Static<typeof S.VettingQueueItem>;
export type VettingDetailView = Static<typeof S.VettingDetail>;
export type VettingDecisionInput = Static<typeof S.VettingDecisionBody>;
export type VettingDecisionResult = Static<typeof S.VettingDecisionResponse>;
