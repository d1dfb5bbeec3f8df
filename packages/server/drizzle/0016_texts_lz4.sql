-- Parsed texts (and their pages) compressed with LZ4 instead of pglz where the server has it
-- (PostgreSQL 14+ built with lz4, as Debian's and the managed services' are): a search's snippets
-- read each hit's whole text, and decompressing pglz was a third of that (docs/search.md "Cost",
-- decision 638). Values written from now on; stored ones keep pglz until rewritten (a document
-- processed again). The embedded PGlite has no lz4 and stores these columns uncompressed
-- (db/client.ts), so there the statement is refused and nothing changes.
DO $$
BEGIN
  ALTER TABLE "document_contents" ALTER COLUMN "text" SET COMPRESSION lz4, ALTER COLUMN "pages" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  RAISE NOTICE 'lz4 is not supported by this server: parsed texts stay pglz-compressed';
END $$;
