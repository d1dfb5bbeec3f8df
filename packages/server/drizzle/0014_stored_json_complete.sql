-- Every stored trace step has its "decision" (null when the plugin reported none) and every
-- extraction its "confidence", "unsupported_fields" and "corrections", as the pipeline now writes
-- them: the document list sends these JSON documents as stored (decision 613), so rows written
-- before a key existed get it here, with the value the API showed for them.
UPDATE "documents" SET "classification_trace" = (
  SELECT jsonb_agg(CASE WHEN step ? 'decision' THEN step ELSE step || '{"decision": null}'::jsonb END ORDER BY position)
    FROM jsonb_array_elements("classification_trace") WITH ORDINALITY AS steps(step, position))
 WHERE "classification_trace" @? '$[*] ? (!(exists(@.decision)))';
--> statement-breakpoint
UPDATE "documents" SET "extraction" = "extraction" || jsonb_build_object(
    'confidence', coalesce(nullif("extraction" -> 'confidence', 'null'::jsonb), '{}'::jsonb),
    'unsupported_fields', coalesce(nullif("extraction" -> 'unsupported_fields', 'null'::jsonb), '[]'::jsonb),
    'corrections', coalesce(nullif("extraction" -> 'corrections', 'null'::jsonb), '{}'::jsonb))
 WHERE "extraction" IS NOT NULL
   AND (jsonb_typeof(coalesce("extraction" -> 'confidence', 'null'::jsonb)) = 'null'
     OR jsonb_typeof(coalesce("extraction" -> 'unsupported_fields', 'null'::jsonb)) = 'null'
     OR jsonb_typeof(coalesce("extraction" -> 'corrections', 'null'::jsonb)) = 'null');
