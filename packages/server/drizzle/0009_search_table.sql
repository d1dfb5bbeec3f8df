CREATE TABLE "document_search" (
	"document_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"vector" "tsvector" NOT NULL
);
--> statement-breakpoint
-- A row over PostgreSQL's ~2 KB TOAST threshold is shrunk to 128 bytes: its vector moves out of line whole instead of staying inline compressed, so the rows a search reads to find, count and order its matches stay ~60 bytes (docs/search.md "Cost"). Not expressible in drizzle's schema.
ALTER TABLE "document_search" SET (toast_tuple_target = 128);--> statement-breakpoint
ALTER TABLE "document_search" ADD CONSTRAINT "document_search_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The existing vectors move to the new table (backfill), before the index is built over them.
INSERT INTO "document_search" ("document_id", "organization_id", "created_at", "vector")
SELECT c."document_id", d."organization_id", d."created_at", c."search_vector"
  FROM "document_contents" c JOIN "documents" d ON d."id" = c."document_id"
 WHERE c."search_vector" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "document_search_vector_idx" ON "document_search" USING gin ("vector");--> statement-breakpoint
DROP INDEX "document_contents_search_idx";--> statement-breakpoint
ALTER TABLE "document_contents" DROP COLUMN "search_vector";--> statement-breakpoint
-- CREATE INDEX set the new table's size in pg_class, so db/statistics.ts would not find it stale: its column statistics (the words of the vectors, which the planner reads to estimate a query's matches) are gathered here.
ANALYZE "document_search";
