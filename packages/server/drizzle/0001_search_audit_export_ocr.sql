ALTER TABLE "document_contents" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
CREATE INDEX "document_contents_search_idx" ON "document_contents" USING gin ("search_vector");--> statement-breakpoint
-- Backfill: documents parsed before search existed get their vector (same expression as refreshSearchVector).
UPDATE "document_contents" c SET "search_vector" =
    setweight(to_tsvector('english'::regconfig, d.filename || ' ' || coalesce((select string_agg(l, ' ') from jsonb_array_elements_text(d.labels) l), '')), 'A')
  || setweight(jsonb_to_tsvector('english'::regconfig, coalesce(d.extraction->'data', '{}'::jsonb), '["string", "numeric"]'), 'B')
  || setweight(to_tsvector('english'::regconfig, left(c.text, 500000)), 'C')
FROM "documents" d WHERE d.id = c.document_id;
