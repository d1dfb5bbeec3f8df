import { sql } from 'drizzle-orm';
import type { Db } from '../../packages/server/src/db/client.js';
import { documents } from '../../packages/server/src/db/schema.js';
import { newId } from '../../packages/server/src/ids.js';

/**
 * One organization and one PROCESSING document (step `derive`, labels `Contract`) in a migrated
 * database, for the statement benches (pglite-parsers.ts, pg-statement-overhead.ts).
 * Returns the organization's and the document's ids.
 */
export async function seedDocument(db: Db): Promise<{ org: string; id: string }> {
  const org = newId();
  await db.execute(sql`insert into organizations (id, name, slug, kind) values (${org}, 'o', 'o', 'TEAM')`);
  const id = newId();
  await db.insert(documents).values({
    id,
    organizationId: org,
    status: 'PROCESSING',
    step: 'derive',
    filename: 'a.pdf',
    mimeType: 'application/pdf',
    sizeBytes: 1,
    sha256: 'x',
    metadata: {},
    labels: ['Contract'],
  });
  return { org, id };
}
