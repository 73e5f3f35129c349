// The developers' live example (/developers frames DEVELOPERS_EXAMPLE.examplePath from the chat remote) signs members
// in as a partner like any other; this is that partner, ensured at start outside production only (config.ts refuses
// DEMO_PARTNER_ORIGINS in production, and it needs the demo data, SEED_DEMO, which production refuses too).
import { DEVELOPERS_EXAMPLE } from '@sciexperts/shared/contracts';
import type { Db } from '../../db/connect';
import { findPartnerByClientId, insertPartner, partnerOrigins } from './repository';
import { hashOf, newClientSecret } from './rules';

export type DemoPartnerOutcome = 'created' | 'updated' | 'unchanged';

/**
 * Idempotent: creates the demo partner when missing, or sets its origins to `origins` when they moved (another port).
 * Its secret is thrown away at once: the example is a public client, which never holds one. A status an operator set
 * (suspended) is left alone.
 */
export async function ensureDemoPartner(db: Db, origins: readonly string[], now: Date): Promise<DemoPartnerOutcome> {
  const { clientId, name, contact } = DEVELOPERS_EXAMPLE.partner;
  return db.kysely.transaction().execute(async (trx) => {
    const existing = await findPartnerByClientId(trx, clientId);
    if (!existing) {
      await insertPartner(trx, { clientId, name, origins: [...origins], contact, secretHash: hashOf(newClientSecret()) }, now);
      return 'created';
    }
    const current = partnerOrigins(existing);
    if (current.length === origins.length && current.every((origin, i) => origin === origins[i])) return 'unchanged';
    await trx.updateTable('partners').set({ origins: JSON.stringify(origins) }).where('id', '=', existing.id).execute();
    return 'updated';
  });
}
