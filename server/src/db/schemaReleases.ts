import type { Generated } from 'kysely';

/** The release registry (migration 0052_releases). */
export interface ReleasesTable {
  id: Generated<number>;
  remote: string;
  version: string;
  filesHash: string;
  commit: string | null;
  /** JSON: [{ name, requiredVersion, singleton }]. */
  shared: string;
  runtimeVersion: string;
  exposesHash: string;
  releasedBy: string;
  releasedAt: string;
}

export interface ReleaseChannelsTable {
  remote: string;
  liveVersion: string | null;
  canaryVersion: string | null;
  canaryPercent: number | null;
  canarySince: string | null;
  generation: Generated<number>;
  updatedAt: string;
}

export interface ReleaseEventsTable {
  id: Generated<number>;
  remote: string;
  /** 'register' | 'promote' | 'canary' | 'rollback' | 'auto-rollback' */
  action: string;
  version: string | null;
  previousVersion: string | null;
  canaryPercent: number | null;
  actor: string;
  details: string | null;
  reason: string | null;
  at: string;
}

export interface ReleaseStatsTable {
  remote: string;
  version: string;
  pageLoads: Generated<number>;
  errors: Generated<number>;
}

export interface ReleaseTables {
  releases: ReleasesTable;
  releaseChannels: ReleaseChannelsTable;
  releaseEvents: ReleaseEventsTable;
  releaseStats: ReleaseStatsTable;
}
