-- The JSON documents the list and search send as stored (decision 613) become `json`: PostgreSQL
-- keeps the text written (the driver's JSON.stringify) and outputs it as is, where jsonb's output
-- converted every value (~30 µs a row in PGlite; decision 615, docs/performance.md "Shown JSON
-- columns as json"). Existing rows are cast (jsonb's text of the same values). One ALTER TABLE,
-- so the table is rewritten once, not once a column.
ALTER TABLE "documents"
  ALTER COLUMN "metadata" SET DATA TYPE json,
  ALTER COLUMN "metadata" SET DEFAULT '{}'::json,
  ALTER COLUMN "classification_trace" SET DATA TYPE json,
  ALTER COLUMN "classification_trace" SET DEFAULT '[]'::json,
  ALTER COLUMN "extraction" SET DATA TYPE json,
  ALTER COLUMN "step_timings" SET DATA TYPE json,
  ALTER COLUMN "step_timings" SET DEFAULT '{}'::json;
