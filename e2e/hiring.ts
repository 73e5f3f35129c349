// The way to a contract through the API, for tests whose subject comes after it (escrow, disputes, the cluster, the
// bell): a client's published project, an expert's fixed-price proposal, the client's hire. Each step on its own, for
// a test that watches what happens between them, and `hiredContract` for the whole way.
import type { APIRequestContext } from '@playwright/test';
import { e2eOrigins } from '../playwright.config';
import { expect, type Account } from './fixtures';

const as = (who: Account) => ({ Authorization: `Bearer ${who.token}` });
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A milestone of a proposal: its title, amount and due date in days from today. */
export interface PlannedMilestone {
  title: string;
  amountCents: number;
  dueInDays: number;
}

/** A public fixed-price project of `client` in Statistical Analysis / Biostatistics, published; its id. */
export async function publishedProject(
  api: APIRequestContext,
  client: Account,
  title: string,
  { budgetCents, description = 'Ten years of follow-up data from a cohort of 2,000 patients need survival curves, Cox models and a report.' }: { budgetCents: number; description?: string },
): Promise<number> {
  const project = await api.post(`${e2eOrigins.api}/api/Projects`, {
    headers: as(client),
    data: {
      title,
      description,
      service: 'Statistical Analysis',
      practiceAreas: ['Biostatistics'],
      budget: { type: 'fixed', amountCents: budgetCents },
      duration: '1-4-weeks',
      visibility: 'public',
    },
  });
  expect(project.ok(), await project.text()).toBe(true);
  const { id: projectId } = (await project.json()) as { id: number };
  const published = await api.post(`${e2eOrigins.api}/api/Projects/${projectId}/Publish`, { headers: as(client) });
  expect(published.ok(), await published.text()).toBe(true);
  return projectId;
}

/** The expert's fixed-price proposal on the project, priced at the sum of its milestones; its id. */
export async function proposalOn(
  api: APIRequestContext,
  expert: Account,
  projectId: number,
  milestones: PlannedMilestone[],
  coverLetter = 'I have analysed three registries like yours.',
): Promise<number> {
  const proposal = await api.post(`${e2eOrigins.api}/api/Projects/${projectId}/Proposals`, {
    headers: as(expert),
    data: {
      coverLetter,
      priceType: 'fixed',
      priceCents: milestones.reduce((sum, m) => sum + m.amountCents, 0),
      duration: '1-4-weeks',
      milestones: milestones.map((m) => ({ title: m.title, amountCents: m.amountCents, dueDate: inDays(m.dueInDays) })),
    },
  });
  expect(proposal.ok(), await proposal.text()).toBe(true);
  return ((await proposal.json()) as { id: number }).id;
}

/** The client hires on the proposal: the contract's id and its milestones' ids, in the proposal's order. */
export async function hire(api: APIRequestContext, client: Account, proposalId: number): Promise<{ contractId: number; milestoneIds: number[] }> {
  const hired = await api.post(`${e2eOrigins.api}/api/Proposals/${proposalId}/Hire`, { headers: as(client) });
  expect(hired.ok(), await hired.text()).toBe(true);
  const contract = (await hired.json()) as { id: number; milestones: Array<{ id: number }> };
  return { contractId: contract.id, milestoneIds: contract.milestones.map((m) => m.id) };
}

/** A project of `client` budgeted at the milestones' sum, the expert's proposal with those milestones, and the hire. */
export async function hiredContract(
  api: APIRequestContext,
  client: Account,
  expert: Account,
  title: string,
  milestones: PlannedMilestone[],
): Promise<{ contractId: number; milestoneIds: number[] }> {
  const projectId = await publishedProject(api, client, title, { budgetCents: milestones.reduce((sum, m) => sum + m.amountCents, 0) });
  return hire(api, client, await proposalOn(api, expert, projectId, milestones));
}
