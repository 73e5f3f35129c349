import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from './connect';
import { SERVER_ROOT } from '../paths';
import type { PasswordHasher } from '../auth/passwords';
import { SERVICE_CATALOGUE } from '@sciexperts/shared/contracts';
import { seedCatalogue, listServices, replaceOfferedServices } from '../modules/services/repository';
import { findUserByEmail, insertUser, updateUser } from '../modules/users/repository';
import { insertRecord } from '../modules/records/repository';
import { RECORD_KINDS } from '../modules/records/kinds';
import { insertProject, updateProjectIf } from '../modules/projects/repository';
import { checkProject } from '../modules/projects/rules';
import { DEMO_EXPERT_PASSWORD, seedDemoDirectory } from './demoDirectory';

export interface DemoAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: 'expert' | 'owner';
}

export const DEMO_ACCOUNTS_FILE = path.join(SERVER_ROOT, 'seed', 'demo-accounts.json');

export function readDemoAccounts(file = DEMO_ACCOUNTS_FILE): DemoAccount[] {
  return JSON.parse(readFileSync(file, 'utf8')) as DemoAccount[];
}

/** Where the demo directory's avatars go and how their URLs start. */
export interface DemoDirectoryTarget {
  uploadsDir: string;
  publicUrl: string;
}

/**
 * Idempotent: the catalogue is completed and demo members are created only when missing. With `directory`, the
 * demo also gets the ~200 experts of the directory (one shared password hash: argon2's cost is per call).
 */
export async function seed(db: Db, hasher: PasswordHasher, demo: boolean, directory?: DemoDirectoryTarget): Promise<void> {
  await seedCatalogue(db, SERVICE_CATALOGUE);
  if (!demo) return;
  if (directory) await seedDemoDirectory(db, { ...directory, passwordHash: () => hasher.hash(DEMO_EXPERT_PASSWORD) });
  for (const account of readDemoAccounts()) {
    const email = account.email.toLowerCase();
    if (await findUserByEmail(db, email)) continue;
    const id = await insertUser(db, {
      email,
      passwordHash: await hasher.hash(account.password),
      firstName: account.firstName,
      lastName: account.lastName,
      phoneNumber: '+1 5550100' + (account.role === 'expert' ? '1' : '2'),
      authProvider: 'password',
      // The demo accounts are ours: nobody is waiting for their welcome e-mail.
      emailVerifiedAt: new Date().toISOString(),
    });
    if (account.role === 'expert') await seedExpertProfile(db, id);
    else await updateUser(db, id, { headline: 'Project owner looking for scientific expertise', profileSummary: 'I run R&D projects and hire experts for analysis and writing.' });
  }
  for (const account of readDemoAccounts()) {
    if (account.role === 'owner') await seedOwnerProject(db, account.email.toLowerCase());
  }
}

export const DEMO_PROJECT_TITLE = 'Survival analysis of a 10-year cohort study';

/** One open public project by the demo owner, so the demo shows the loop (browse, propose, hire) from the start. */
async function seedOwnerProject(db: Db, email: string): Promise<void> {
  const owner = await findUserByEmail(db, email);
  if (!owner) return;
  const existing = await db.kysely.selectFrom('projects').select('id').where('ownerId', '=', owner.id).where('title', '=', DEMO_PROJECT_TITLE).executeTakeFirst();
  if (existing) return;
  const now = new Date();
  const values = checkProject(
    {
      title: DEMO_PROJECT_TITLE,
      description:
        'We followed 2,400 adults for ten years and need a biostatistician for the survival analysis: Kaplan–Meier curves, Cox proportional-hazards models with time-varying covariates, checks of the model assumptions, and a short methods and results section for the manuscript. The data are cleaned and documented.',
      service: 'Statistical Analysis',
      practiceAreas: ['Biostatistics'],
      budget: { type: 'fixed', amountCents: 150_000 },
      duration: '1-4-weeks',
      visibility: 'public',
    },
    now,
  );
  const project = await insertProject(db, owner.id, values, now);
  await updateProjectIf(db, project.id, ['draft'], { status: 'open', publishedAt: now.toISOString(), updatedAt: now.toISOString() });
}

async function seedExpertProfile(db: Db, id: number): Promise<void> {
  await updateUser(db, id, {
    headline: 'Biostatistician and medical writer for clinical research',
    profileSummary: 'Ten years of clinical-trial statistics and regulatory writing for pharma and medical-device companies.',
    hourlyFee: 85,
  });
  const catalogue = await listServices(db);
  const pick = (service: string, areas: string[]) => {
    const s = catalogue.find((c) => c.name === service)!;
    return { serviceId: s.id, practiceAreaIds: s.practiceAreas.filter((a) => areas.includes(a.name)).map((a) => a.id) };
  };
  await replaceOfferedServices(db, id, [
    pick('Statistical Analysis', ['Biostatistics', 'Clinical Trial Statistics']),
    pick('Medical Writing', ['Clinical Study Reports', 'Manuscript Writing']),
  ]);
  await insertRecord(db, RECORD_KINDS.workExperience, id, {
    companyName: 'Analytical Engine Research',
    jobTitle: 'Senior Biostatistician',
    employmentType: 'Full time',
    currentlyWorking: true,
    description: 'Statistical analysis plans and CSRs for phase II–III trials.',
    startTime: '2019-03',
    endTime: null,
  });
  await insertRecord(db, RECORD_KINDS.education, id, {
    institutionName: 'University of London',
    degreeTitle: 'Statistics',
    degreeType: 'PhD',
    currentlyStudying: false,
    description: null,
    startTime: '2012-09',
    endTime: '2016-07',
  });
  await insertRecord(db, RECORD_KINDS.certification, id, {
    certificationName: 'Certified Clinical Data Manager',
    issuingOrganization: 'Society for Clinical Data Management',
    certificationUrl: null,
    isExpire: true,
    startTime: '2020-05',
    endTime: null,
  });
}
