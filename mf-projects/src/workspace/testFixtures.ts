// Test data for the workspace pages (tests only).
import type { ContractFile, MemberSummary, MilestoneEvent, Workspace, WorkspaceMilestone } from '@sciexperts/shared/member';

// The parties of makeContract() in @sciexperts/shared/testing (which only *.test files may import).
export const CLIENT: MemberSummary = { id: 9, firstName: 'Olivia', lastName: 'Owner', slug: 'olivia-owner', headline: '', profImgUrl: null, country: 'US', verified: false };
export const EXPERT: MemberSummary = { id: 42, firstName: 'Ada', lastName: 'Lovelace', slug: 'ada-lovelace', headline: 'Biostatistician for clinical trials', profImgUrl: null, country: 'GB', verified: false };

export function makeMilestone(overrides: Partial<WorkspaceMilestone> = {}): WorkspaceMilestone {
  const amountCents = overrides.amountCents ?? 50000;
  return {
    id: 1,
    position: 1,
    title: 'Data cleaning',
    amountCents,
    feeCents: Math.floor(amountCents / 10),
    payoutCents: amountCents - Math.floor(amountCents / 10),
    dueDate: '2026-12-10',
    status: 'pending',
    submittedAt: null,
    autoReleaseAt: null,
    payment: null,
    ...overrides,
  };
}

export function makeEvent(overrides: Partial<MilestoneEvent> = {}): MilestoneEvent {
  return { id: 1, milestoneId: 1, kind: 'funded', actorId: CLIENT.id, note: null, fileIds: [], createdAt: '2026-11-23T10:00:00.000Z', ...overrides };
}

export function makeWorkspace(overrides: Partial<Workspace> = {}): Workspace {
  return {
    contract: {
      id: 2,
      projectId: 5,
      projectTitle: 'Survival analysis of a cohort study',
      status: 'active',
      priceType: 'fixed',
      priceCents: 150000,
      createdAt: '2026-11-22T09:00:00.000Z',
      client: CLIENT,
      expert: EXPERT,
    },
    viewerRole: 'client',
    milestones: [makeMilestone()],
    events: [],
    files: [],
    escrowCents: 0,
    fee: { basisPoints: 1000 },
    autoReleaseDays: 14,
    ...overrides,
  };
}

export function makeFile(overrides: Partial<ContractFile> = {}): ContractFile {
  return { id: 11, name: 'cohort-data.xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', size: 48_000, uploadedBy: CLIENT.id, createdAt: '2026-11-23T09:00:00.000Z', milestoneId: null, ...overrides };
}
