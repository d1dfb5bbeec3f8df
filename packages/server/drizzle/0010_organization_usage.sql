CREATE TABLE "organization_usage" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"storage_bytes" bigint DEFAULT 0 NOT NULL,
	"documents" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organization_usage" ADD CONSTRAINT "organization_usage_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The counter follows the documents table (src/db/schema-documents.ts organizationUsage): per
-- statement for inserts and deletes (a bulk load or an organization's documents deleted at once
-- move it once per organization), per row for the rare change of a size or organization.
CREATE FUNCTION organization_usage_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    UPDATE organization_usage SET storage_bytes = storage_bytes - OLD.size_bytes, documents = documents - 1
      WHERE organization_id = OLD.organization_id;
    INSERT INTO organization_usage AS u (organization_id, storage_bytes, documents)
      VALUES (NEW.organization_id, NEW.size_bytes, 1)
      ON CONFLICT (organization_id) DO UPDATE
        SET storage_bytes = u.storage_bytes + EXCLUDED.storage_bytes, documents = u.documents + 1;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE organization_usage u SET storage_bytes = u.storage_bytes - d.bytes, documents = u.documents - d.n
      FROM (SELECT organization_id, sum(size_bytes) AS bytes, count(*) AS n FROM old_rows GROUP BY organization_id) d
      WHERE u.organization_id = d.organization_id;
  ELSE
    INSERT INTO organization_usage AS u (organization_id, storage_bytes, documents)
      SELECT organization_id, sum(size_bytes), count(*) FROM new_rows GROUP BY organization_id
      ON CONFLICT (organization_id) DO UPDATE
        SET storage_bytes = u.storage_bytes + EXCLUDED.storage_bytes, documents = u.documents + EXCLUDED.documents;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER documents_usage_insert AFTER INSERT ON documents
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION organization_usage_follow();
--> statement-breakpoint
CREATE TRIGGER documents_usage_delete AFTER DELETE ON documents
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION organization_usage_follow();
--> statement-breakpoint
CREATE TRIGGER documents_usage_update AFTER UPDATE OF size_bytes, organization_id ON documents
  FOR EACH ROW WHEN (OLD.size_bytes IS DISTINCT FROM NEW.size_bytes OR OLD.organization_id IS DISTINCT FROM NEW.organization_id)
  EXECUTE FUNCTION organization_usage_follow();
--> statement-breakpoint
INSERT INTO organization_usage (organization_id, storage_bytes, documents)
  SELECT organization_id, sum(size_bytes), count(*) FROM documents GROUP BY organization_id;
