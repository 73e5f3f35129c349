import { Type } from 'typebox';
import { HEX64_PATTERN, RELEASE_ACTIONS, RELEASE_LIMITS as L, RELEASE_REPORT_KINDS, RELEASE_VERSION_PATTERN, REMOTE_NAME_PATTERN } from '../releases';
import { Nullable, StringChoice } from './common';

const Remote = Type.String({ pattern: REMOTE_NAME_PATTERN, description: 'The remote’s container name (mf_chat).' });
const Version = Type.String({ pattern: RELEASE_VERSION_PATTERN, maxLength: 100, description: 'semver+hash, e.g. 0.1.0+3f2a1bc9e0d4' });
const Hex64 = Type.String({ pattern: HEX64_PATTERN });
const Range = Type.String({ minLength: 1, maxLength: 100, pattern: '^[0-9A-Za-z.^~<>=|*+ -]+$' });

export const RemoteParams = Type.Object({ remote: Remote }, { additionalProperties: false });

/** One shared module a release's manifest names, with the range it needs. */
export const SharedRequirement = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 100, pattern: '^[@a-z0-9][@a-z0-9._/-]*$' }), requiredVersion: Range, singleton: Type.Boolean() },
  { additionalProperties: false },
);

/** What the release command registers (from the remote's built manifest and the files it uploaded). */
export const ReleaseRegistration = Type.Object(
  {
    remote: Remote,
    version: Version,
    /** sha256 over the uploaded files (names and contents): the same version with other files is refused. */
    filesHash: Hex64,
    commit: Nullable(Type.String({ pattern: '^[0-9a-f]{7,40}$' })),
    shared: Type.Array(SharedRequirement, { maxItems: 50 }),
    /** The federation runtime the remote was built with (the manifest's metaData.pluginVersion). */
    runtimeVersion: Type.String({ pattern: '^[0-9]+\\.[0-9]+\\.[0-9]+([-+][0-9A-Za-z.-]+)?$', maxLength: 50 }),
    /** sha256 of the exposes contract (shared/src/contracts/exposes.ts) the remote was built against. */
    exposesHash: Hex64,
  },
  { additionalProperties: false },
);

export const ReleaseView = Type.Object({
  remote: Type.String(),
  version: Type.String(),
  entry: Type.String({ description: 'The release’s manifest, on the site (/releases/<remote>/<version>/mf-manifest.json).' }),
  filesHash: Type.String(),
  commit: Nullable(Type.String()),
  shared: Type.Array(SharedRequirement),
  runtimeVersion: Type.String(),
  exposesHash: Type.String(),
  releasedBy: Type.String(),
  releasedAt: Type.String({ description: 'ISO 8601' }),
  /** Figures the page servers and browsers reported for this version. */
  pageLoads: Type.Integer(),
  errors: Type.Integer(),
});

export const ReleaseEventView = Type.Object({
  id: Type.Integer(),
  remote: Type.String(),
  action: StringChoice(RELEASE_ACTIONS),
  version: Nullable(Type.String()),
  /** The live version before this change (a promotion, a rollback). */
  previousVersion: Nullable(Type.String()),
  canaryPercent: Nullable(Type.Integer()),
  actor: Type.String({ description: 'The operator’s e-mail, or "automatic".' }),
  /** What a forced change overrode (the gate's reasons), or why it was automatic. */
  details: Nullable(Type.String()),
  reason: Nullable(Type.String()),
  at: Type.String(),
});

export const RemoteReleasesView = Type.Object({
  remote: Type.String(),
  /** null: the remote as built and deployed with the site (no release live). */
  live: Nullable(Type.String()),
  canary: Nullable(Type.Object({ version: Type.String(), percent: Type.Integer() })),
  releases: Type.Array(ReleaseView),
});

export const ReleasesOverview = Type.Object({ remotes: Type.Array(RemoteReleasesView) });
export const ReleaseHistory = Type.Object({ events: Type.Array(ReleaseEventView) });

const Reason = Type.String({ maxLength: L.reasonMax });
/** Promote: a registered version, for everyone. `force` passes a refusing gate, and the change records what it overrode. */
export const ReleaseChangeBody = Type.Object({ version: Version, force: Type.Optional(Type.Boolean()), reason: Type.Optional(Reason) }, { additionalProperties: false });
export const CanaryBody = Type.Object(
  { version: Version, percent: Type.Integer({ minimum: 1, maximum: 99 }), force: Type.Optional(Type.Boolean()), reason: Type.Optional(Reason) },
  { additionalProperties: false },
);
export const RollbackBody = Type.Object({ reason: Type.Optional(Reason) }, { additionalProperties: false });

export const RemoteState = Type.Object({ remote: Type.String(), live: Nullable(Type.String()), canary: Nullable(Type.Object({ version: Type.String(), percent: Type.Integer() })) });
/** A change's answer: the remote's state after it. */
export const ReleaseChangeResult = Type.Object({ state: RemoteState, event: ReleaseEventView });

/** The page servers' view: per remote, the live release and the canary (entries on the site). */
export const LiveReleases = Type.Object({
  remotes: Type.Array(
    Type.Object({
      remote: Type.String(),
      live: Nullable(Type.Object({ version: Type.String(), entry: Type.String() })),
      canary: Nullable(Type.Object({ version: Type.String(), entry: Type.String(), percent: Type.Integer() })),
    }),
  ),
});

/** The shell's report: which remote, which version, what failed. Nothing about the visitor. */
export const ReleaseReportBody = Type.Object(
  {
    reports: Type.Array(
      Type.Object(
        {
          remote: Remote,
          /** The release's version, or "built" for the remote deployed with the site. */
          version: Type.Union([Version, Type.Literal('built')]),
          kind: StringChoice(RELEASE_REPORT_KINDS),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: L.reportsPerRequest },
    ),
  },
  { additionalProperties: false },
);

export const PageLoadsBody = Type.Object(
  {
    loads: Type.Array(
      Type.Object({ remote: Remote, version: Type.Union([Version, Type.Literal('built')]), count: Type.Integer({ minimum: 1, maximum: L.pageLoadCountMax }) }, { additionalProperties: false }),
      { minItems: 1, maxItems: L.pageLoadEntriesMax },
    ),
  },
  { additionalProperties: false },
);

export const PreviewBody = Type.Object({ version: Version }, { additionalProperties: false });
/** A preview link: the site's address with the signed token, valid until expiresAt. */
export const ReleasePreview = Type.Object({ url: Type.String(), token: Type.String(), expiresAt: Type.String() });
export const PreviewTokenQuery = Type.Object({ token: Type.String({ minLength: 20, maxLength: 400, pattern: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$' }) }, { additionalProperties: false });
/**
 * What a valid preview token opens. Asked with a link and a release operator's bearer, it carries `grant`: the token
 * the page server keeps in that browser's cookie (the link alone opens nothing).
 */
export const PreviewTarget = Type.Object({ remote: Type.String(), version: Type.String(), entry: Type.String(), expiresAt: Type.String(), grant: Type.Optional(Type.String()) });

/** A member's cohort id: derived from the member id with the server's secret (never the id itself), 22 characters. */
export const MemberCohort = Type.Object({ cohort: Type.String({ pattern: '^[A-Za-z0-9_-]{22}$' }) });
