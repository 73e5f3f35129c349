// One migration per file, applied in the order of their names. The names are stored in existing databases:
// never rename one; add the next number instead.
import { sql, type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Dialect } from '../connect';
import { initial } from './0001_initial';
import { chatReads } from './0002_chat_reads';
import { uploads } from './0003_uploads';
import { messagesBySenderTime } from './0004_messages_sender_time';
import { conciergeRequests } from './0005_concierge_requests';
import { expertDirectory } from './0006_expert_directory';
import { expertListing } from './0007_expert_listing';
import { expertSearchFilters } from './0008_expert_search_filters';
import { projects } from './0009_projects';
import { projectAttachments } from './0010_project_attachments';
import { payments } from './0011_payments';
import { jobs } from './0012_jobs';
import { scheduledCalls } from './0034_scheduled_calls';
import { notifications } from './0015_notifications';
import { payoutAccounts } from './0016_payout_accounts';
import { contractFiles } from './0017_contract_files';
import { reviews } from './0018_reviews';
import { accountSettings } from './0019_account_settings';
import { accountDeletion } from './0020_account_deletion';
import { verifiedBefore } from './0021_verified_before';
import { recordsVersion } from './0022_records_version';
import { savedCards } from './0023_saved_cards';
import { secondFactor } from './0035_second_factor';
import { accountSecurity } from './0036_account_security';
import { operators } from './0037_operators';
import { memberSuspension } from './0038_member_suspension';
import { reports } from './0039_reports';
import { conciergeShortlists } from './0040_concierge_shortlists';
import { moderationHiding } from './0042_moderation_hiding';
import { conciergeDrafts } from './0043_concierge_drafts';
import { operatorPassword } from './0046_operator_password';
import { expertVetting } from './0041_expert_vetting';
import { reportLimits } from './0047_report_limits';
import { auditFilters } from './0050_audit_filters';
import { callZonesRescheduleTimes } from './0051_call_zones_reschedule_times';
import { directoryGeneration } from './0054_directory_generation';
import { partners } from './0053_partners';
import { releases } from './0052_releases';
import { notificationsHot } from './0055_notifications_hot';

/** Every migration of this code base, by name (tests use it to stop at an older one and upgrade from there). */
export function migrationProvider(dialect: Dialect): MigrationProvider {
  return new InCodeProvider(dialect);
}

class InCodeProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return {
      '0001_initial': initial(this.dialect),
      '0002_chat_reads': chatReads(),
      '0003_uploads': uploads(),
      '0004_messages_sender_time': messagesBySenderTime(),
      '0005_concierge_requests': conciergeRequests(this.dialect),
      '0006_expert_directory': expertDirectory(this.dialect),
      '0007_expert_listing': expertListing(this.dialect),
      '0008_expert_search_filters': expertSearchFilters(this.dialect),
      '0009_projects': projects(this.dialect),
      '0010_project_attachments': projectAttachments(this.dialect),
      '0011_payments': payments(this.dialect),
      '0012_jobs': jobs(this.dialect),
      '0034_scheduled_calls': scheduledCalls(this.dialect),
      '0015_notifications': notifications(this.dialect),
      '0016_payout_accounts': payoutAccounts(this.dialect),
      '0017_contract_files': contractFiles(this.dialect),
      '0018_reviews': reviews(this.dialect),
      '0019_account_settings': accountSettings(this.dialect),
      '0020_account_deletion': accountDeletion(this.dialect),
      '0021_verified_before': verifiedBefore(this.dialect),
      '0022_records_version': recordsVersion(this.dialect),
      '0023_saved_cards': savedCards(this.dialect),
      '0035_second_factor': secondFactor(this.dialect),
      '0036_account_security': accountSecurity(this.dialect),
      '0037_operators': operators(this.dialect),
      '0038_member_suspension': memberSuspension(this.dialect),
      '0039_reports': reports(this.dialect),
      '0040_concierge_shortlists': conciergeShortlists(this.dialect),
      '0042_moderation_hiding': moderationHiding(this.dialect),
      '0043_concierge_drafts': conciergeDrafts(this.dialect),
      '0041_expert_vetting': expertVetting(this.dialect),
      '0047_report_limits': reportLimits(this.dialect),
      '0046_operator_password': operatorPassword(this.dialect),
      '0050_audit_filters': auditFilters(this.dialect),
      '0051_call_zones_reschedule_times': callZonesRescheduleTimes(this.dialect),
      '0054_directory_generation': directoryGeneration(this.dialect),
      '0053_partners': partners(this.dialect),
      '0052_releases': releases(this.dialect),
      '0055_notifications_hot': notificationsHot(this.dialect),
    };
  }
}

export async function migrate(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // Kysely looks for its own tables in every schema unless told which one: on PostgreSQL, a second schema holding
  // them (another test file's, a benchmark's) made it skip creating them here and then fail. Name ours.
  const migrationTableSchema =
    dialect === 'postgres' ? ((await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db)).rows[0]?.schema ?? undefined) : undefined;
  // Numbers are reserved per piece of work and land in any order (0018 after 0019): a database that already ran a
  // later one still runs an earlier newcomer instead of refusing to start. Migrations never depend on a later number.
  const migrator = new Migrator({ db, provider: new InCodeProvider(dialect), allowUnorderedMigrations: true, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
