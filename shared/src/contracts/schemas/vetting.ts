// Expert vetting: the expert's request and the operators' queue and decision. Server-only at run time; mf-profile and
// mf-admin read the Static<> types with `import type`.
import { Type } from 'typebox';
import { ADMIN_LIMITS } from '../admin';
import { VETTING_LIMITS as L, VETTING_OUTCOMES, VETTING_REQUEST_STATUSES, VETTING_STATUSES } from '../vetting';
import { Nullable, StringChoice } from './common';

const Text = (description: string) => Type.String({ maxLength: L.textMax, description });

export const VettingFile = Type.Object(
  { id: Type.Integer(), name: Type.String(), contentType: Type.String(), size: Type.Integer(), createdAt: Type.String() },
  { title: 'VettingFile' },
);

export const VettingRequestBody = Type.Object(
  {
    legalName: Text('The legal name as written on the identity document.'),
    identityFileId: Type.Integer({ description: 'A document the expert uploaded (POST /api/Vetting/Files): passport, ID card or driving licence.' }),
    degree: Type.Object(
      {
        title: Text('PhD in Biostatistics'),
        institution: Text('The awarding university.'),
        year: Type.Integer({ description: `The year awarded (${L.yearMin}–${L.yearMax}).` }),
        fileId: Type.Optional(Type.Integer({ description: 'The degree certificate, uploaded like the identity document (optional).' })),
      },
      { additionalProperties: false },
    ),
    affiliation: Type.Object({ institution: Text('University, hospital, company…'), role: Text('Senior lecturer, research scientist…') }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);

export const VettingRequest = Type.Object(
  {
    id: Type.Integer(),
    status: StringChoice(VETTING_REQUEST_STATUSES),
    legalName: Type.String(),
    identityFile: VettingFile,
    degree: Type.Object({ title: Type.String(), institution: Type.String(), year: Type.Integer(), file: Nullable(VettingFile) }),
    affiliation: Type.Object({ institution: Type.String(), role: Type.String() }),
    orcidId: Nullable(Type.String({ description: 'The ORCID iD linked to the profile when the request was made; null: none linked.' })),
    reReview: Type.Boolean({ description: 'Opened by the server from an approved request after the expert changed their name.' }),
    createdAt: Type.String(),
    decidedAt: Nullable(Type.String()),
    decisionReason: Nullable(Type.String({ description: "The operator's reason, shown to the expert." })),
  },
  { title: 'VettingRequest' },
);

export const MyVetting = Type.Object(
  {
    status: StringChoice(VETTING_STATUSES),
    verified: Type.Boolean(),
    orcidId: Nullable(Type.String({ description: 'The ORCID iD linked to the profile now; null: none linked.' })),
    request: Nullable(VettingRequest),
  },
  { title: 'MyVetting' },
);

const ExpertRef = Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String() });

export const VettingQueueItem = Type.Object({
  id: Type.Integer(),
  expert: ExpertRef,
  reReview: Type.Boolean(),
  createdAt: Type.String(),
  waitingSeconds: Type.Integer(),
});
export const VettingQueue = Type.Object({ requests: Type.Array(VettingQueueItem) }, { title: 'VettingQueue' });

export const VettingDetail = Type.Object(
  {
    request: VettingRequest,
    expert: Type.Object({
      id: Type.Integer(),
      firstName: Type.String(),
      lastName: Type.String(),
      email: Type.String(),
      headline: Type.String(),
      profilePath: Type.String({ description: '/experts/<id>-<slug>' }),
      verified: Type.Boolean(),
    }),
    decidedBy: Nullable(Type.String({ description: "The deciding operator's e-mail." })),
    waitingSeconds: Type.Integer(),
  },
  { title: 'VettingDetail' },
);

export const VettingDecisionBody = Type.Object(
  { outcome: StringChoice(VETTING_OUTCOMES), reason: Type.String({ maxLength: ADMIN_LIMITS.reasonMax, description: 'Required; a rejection’s reason is shown to the expert.' }) },
  { additionalProperties: false },
);

export const VettingDecisionResponse = Type.Object({ request: VettingRequest, repeated: Type.Boolean() }, { title: 'VettingDecision' });
