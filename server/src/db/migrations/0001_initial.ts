import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connect';
import { type Table, userFk, withId } from './shared';

export function initial(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const create = (name: string) => withId(dialect, db.schema.createTable(name) as Table);

      await create('users')
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('passwordHash', 'text')
        .addColumn('firstName', 'text', (c) => c.notNull())
        .addColumn('lastName', 'text', (c) => c.notNull())
        .addColumn('headline', 'text')
        .addColumn('profileSummary', 'text')
        .addColumn('hourlyFee', 'double precision')
        .addColumn('phoneNumber', 'text')
        .addColumn('profImgUrl', 'text')
        .addColumn('isProfilePublic', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('authProvider', 'text', (c) => c.notNull().defaultTo('password'))
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute();

      await create('identities')
        .addColumn('userId', 'integer', userFk)
        .addColumn('issuer', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addUniqueConstraint('identities_issuer_subject', ['issuer', 'subject'])
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('userId', 'integer', userFk)
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('expiresAt', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('userId').execute();

      await create('services').addColumn('name', 'text', (c) => c.notNull().unique()).execute();
      await create('practiceAreas')
        .addColumn('serviceId', 'integer', (c) => c.notNull().references('services.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addUniqueConstraint('practice_areas_service_name', ['serviceId', 'name'])
        .execute();

      await create('offeredServices')
        .addColumn('userId', 'integer', userFk)
        .addColumn('serviceId', 'integer', (c) => c.notNull().references('services.id').onDelete('cascade'))
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addUniqueConstraint('offered_services_user_service', ['userId', 'serviceId'])
        .execute();
      await db.schema
        .createTable('offeredPracticeAreas')
        .addColumn('offeredServiceId', 'integer', (c) => c.notNull().references('offeredServices.id').onDelete('cascade'))
        .addColumn('practiceAreaId', 'integer', (c) => c.notNull().references('practiceAreas.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('offered_practice_areas_pk', ['offeredServiceId', 'practiceAreaId'])
        .execute();

      await create('workExperiences')
        .addColumn('userId', 'integer', userFk)
        .addColumn('companyName', 'text', (c) => c.notNull())
        .addColumn('jobTitle', 'text', (c) => c.notNull())
        .addColumn('employmentType', 'text', (c) => c.notNull())
        .addColumn('currentlyWorking', 'integer', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('startTime', 'text', (c) => c.notNull())
        .addColumn('endTime', 'text')
        .execute();
      await create('educations')
        .addColumn('userId', 'integer', userFk)
        .addColumn('institutionName', 'text', (c) => c.notNull())
        .addColumn('degreeTitle', 'text', (c) => c.notNull())
        .addColumn('degreeType', 'text', (c) => c.notNull())
        .addColumn('currentlyStudying', 'integer', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('startTime', 'text', (c) => c.notNull())
        .addColumn('endTime', 'text')
        .execute();
      await create('certifications')
        .addColumn('userId', 'integer', userFk)
        .addColumn('certificationName', 'text', (c) => c.notNull())
        .addColumn('issuingOrganization', 'text', (c) => c.notNull())
        .addColumn('certificationUrl', 'text')
        .addColumn('isExpire', 'integer', (c) => c.notNull())
        .addColumn('startTime', 'text', (c) => c.notNull())
        .addColumn('endTime', 'text')
        .execute();
      for (const t of ['workExperiences', 'educations', 'certifications']) {
        await db.schema.createIndex(`${t}_user`).on(t).column('userId').execute();
      }

      await create('publications')
        .addColumn('userId', 'integer', userFk)
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('url', 'text')
        .addColumn('type', 'text')
        .addColumn('pubYear', 'text')
        .addColumn('pubMonth', 'text')
        .addColumn('pubDay', 'text')
        .execute();
      await db.schema.createIndex('publications_user').on('publications').column('userId').execute();

      await create('passwordResetTokens')
        .addColumn('userId', 'integer', userFk)
        .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
        .addColumn('expiresAt', 'text', (c) => c.notNull())
        .addColumn('usedAt', 'text')
        .execute();

      await create('messages')
        .addColumn('senderId', 'integer', userFk)
        .addColumn('receiverId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('clientId', 'text')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addUniqueConstraint('messages_sender_client', ['senderId', 'clientId'])
        .execute();
      await db.schema.createIndex('messages_pair').on('messages').columns(['senderId', 'receiverId', 'id']).execute();
      await db.schema.createIndex('messages_receiver').on('messages').columns(['receiverId', 'id']).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ['messages', 'passwordResetTokens', 'publications', 'certifications', 'educations', 'workExperiences', 'offeredPracticeAreas', 'offeredServices', 'practiceAreas', 'services', 'sessions', 'identities', 'users']) {
        await db.schema.dropTable(t).ifExists().execute();
      }
    },
  };
}
