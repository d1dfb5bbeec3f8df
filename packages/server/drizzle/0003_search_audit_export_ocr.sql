CREATE TABLE "audit_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid,
	"actor_type" text NOT NULL,
	"actor_user_id" uuid,
	"actor_email" text,
	"actor_api_key_id" uuid,
	"actor_plugin_id" uuid,
	"action" text NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" text,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"request_id" text,
	"in_transaction" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_exports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"status" text NOT NULL,
	"requested_by" uuid,
	"archive_sha256" text,
	"size_bytes" bigint,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "document_contents" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "organization_exports" ADD CONSTRAINT "organization_exports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_exports" ADD CONSTRAINT "organization_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_entries_org_created_idx" ON "audit_entries" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_entries_created_idx" ON "audit_entries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "organization_exports_org_created_idx" ON "organization_exports" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "document_contents_search_idx" ON "document_contents" USING gin ("search_vector");--> statement-breakpoint
-- Backfill: documents parsed before search existed get their vector (same expression as refreshSearchVector).
UPDATE "document_contents" c SET "search_vector" =
    setweight(to_tsvector('english'::regconfig, d.filename || ' ' || coalesce((select string_agg(l, ' ') from jsonb_array_elements_text(d.labels) l), '')), 'A')
  || setweight(jsonb_to_tsvector('english'::regconfig, coalesce(d.extraction->'data', '{}'::jsonb), '["string", "numeric"]'), 'B')
  || setweight(to_tsvector('english'::regconfig, left(c.text, 500000)), 'C')
FROM "documents" d WHERE d.id = c.document_id;
