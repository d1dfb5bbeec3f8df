import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { pageOf } from '../db/paging.js';
import { preparedOn } from '../db/prepared.js';
import { labelSuggestions, type OntologyLabel, ontologyVersions } from '../db/schema.js';
import { newId } from '../ids.js';

export type OntologyVersionRow = typeof ontologyVersions.$inferSelect;
export type LabelSuggestionRow = typeof labelSuggestions.$inferSelect;

export async function currentOntology(db: Executor, organizationId: string) {
  const build = (x: Executor) =>
    x
      .select()
      .from(ontologyVersions)
      .where(eq(ontologyVersions.organizationId, sql.placeholder('organizationId')))
      .orderBy(desc(ontologyVersions.version))
      .limit(1);
  // Read by every pipeline run that classifies: built once (db/prepared.ts).
  const statement = preparedOn(db, 'ontology_current', (root) => build(root).prepare('ontology_current'));
  const [row] = await (statement ?? build(db)).execute({ organizationId });
  return row;
}

export async function ontologyVersion(db: Executor, organizationId: string, version: number) {
  const [row] = await db
    .select()
    .from(ontologyVersions)
    .where(and(eq(ontologyVersions.organizationId, organizationId), eq(ontologyVersions.version, version)));
  return row;
}

export async function insertOntologyVersion(
  db: Executor,
  v: { organizationId: string; version: number; labels: OntologyLabel[]; createdBy: string | null },
) {
  const [row] = await db.insert(ontologyVersions).values(v).returning();
  if (!row) throw new Error('insert ontology_versions returned nothing');
  return row;
}

export async function insertSuggestion(
  db: Executor,
  v: {
    organizationId: string;
    documentId: string;
    parentPath: string[];
    label: string | null;
    reason: LabelSuggestionRow['reason'];
    decision?: LabelSuggestionRow['decision'];
  },
) {
  const [row] = await db
    .insert(labelSuggestions)
    .values({ id: newId(), ...v })
    .returning();
  if (!row) throw new Error('insert label_suggestions returned nothing');
  return row;
}

export async function deleteSuggestionsOfDocument(db: Executor, documentId: string) {
  await db
    .delete(labelSuggestions)
    .where(and(eq(labelSuggestions.documentId, documentId), eq(labelSuggestions.status, 'PENDING')));
}

export async function findSuggestion(db: Executor, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(labelSuggestions)
    .where(and(eq(labelSuggestions.organizationId, organizationId), eq(labelSuggestions.id, id)));
  return row;
}

export async function setSuggestionStatus(db: Executor, id: string, status: LabelSuggestionRow['status']) {
  const [row] = await db
    .update(labelSuggestions)
    .set({ status, resolvedAt: new Date() })
    .where(eq(labelSuggestions.id, id))
    .returning();
  return row;
}

export async function listSuggestions(
  db: Executor,
  organizationId: string,
  p: { page: number; size: number; status: LabelSuggestionRow['status'] | undefined },
) {
  const where = p.status
    ? and(eq(labelSuggestions.organizationId, organizationId), eq(labelSuggestions.status, p.status))
    : eq(labelSuggestions.organizationId, organizationId);
  return pageOf(
    db
      .select()
      .from(labelSuggestions)
      .where(where)
      .orderBy(desc(labelSuggestions.createdAt), asc(labelSuggestions.id))
      .$dynamic(),
    db.select({ n: count() }).from(labelSuggestions).where(where),
    p,
  );
}
