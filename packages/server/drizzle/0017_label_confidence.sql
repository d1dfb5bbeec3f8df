-- The probability that a document's label path is right (documents.label_confidence, the review
-- queue's order; docs/pipeline.md "The review order"): 1 once a person confirmed the labels;
-- else the product of the reported probabilities of the levels that took a label (each level's
-- probability is calibrated given the level above, so the product is the path's); null when
-- unknown: no level, a level without a reported probability, or a stop short of a leaf
-- (outcome SUGGESTION or LLM_SUGGESTED). Tolerant of any JSON: a generated column's function
-- must never fail the write of the row.
CREATE FUNCTION label_path_confidence(trace json, confirmed boolean) RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN confirmed THEN 1::double precision
    WHEN json_typeof(trace) IS DISTINCT FROM 'array' THEN NULL
    ELSE (
      SELECT CASE
        WHEN count(*) = 0 THEN NULL
        WHEN bool_or(json_typeof(s) IS DISTINCT FROM 'object'
                     OR s->>'outcome' IS DISTINCT FROM 'CONTINUE' AND s->>'outcome' IS DISTINCT FROM 'LEAF'
                     OR json_typeof(s->'decision') IS DISTINCT FROM 'object'
                     OR json_typeof(s->'decision'->'probability') IS DISTINCT FROM 'number') THEN NULL
        -- ln of a clamped probability: the aggregate reads every step, a 0 among them included
        ELSE least(1, exp(sum(ln(greatest(1e-300, least(1,
               CASE WHEN json_typeof(s->'decision'->'probability') = 'number'
                    THEN (s->'decision'->>'probability')::double precision END))))))
      END
      FROM json_array_elements(trace) s
    )
  END
$$;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "label_confidence" double precision GENERATED ALWAYS AS (label_path_confidence(classification_trace, labels_confirmed)) STORED;--> statement-breakpoint
CREATE INDEX "documents_org_label_confidence_idx" ON "documents" USING btree ("organization_id","label_confidence" NULLS FIRST,"id");