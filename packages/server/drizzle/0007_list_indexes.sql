DROP INDEX "audit_entries_org_created_idx";--> statement-breakpoint
DROP INDEX "contracts_org_renewal_idx";--> statement-breakpoint
DROP INDEX "contracts_org_vendor_idx";--> statement-breakpoint
DROP INDEX "documents_org_created_idx";--> statement-breakpoint
DROP INDEX "documents_org_status_idx";--> statement-breakpoint
CREATE INDEX "alerts_org_created_idx" ON "alerts" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "alerts_org_kind_idx" ON "alerts" USING btree ("organization_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "contracts_org_renewal_desc_idx" ON "contracts" USING btree ("organization_id","renewal_date" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "contracts_org_vendor_desc_idx" ON "contracts" USING btree ("organization_id","vendor" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "contracts_org_value_idx" ON "contracts" USING btree ("organization_id","annual_value","id");--> statement-breakpoint
CREATE INDEX "contracts_org_value_desc_idx" ON "contracts" USING btree ("organization_id","annual_value" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "documents_org_filename_idx" ON "documents" USING btree ("organization_id","filename","id");--> statement-breakpoint
CREATE INDEX "documents_org_source_idx" ON "documents" USING btree ("organization_id","source_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_entries_org_created_idx" ON "audit_entries" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contracts_org_renewal_idx" ON "contracts" USING btree ("organization_id","renewal_date","id");--> statement-breakpoint
CREATE INDEX "contracts_org_vendor_idx" ON "contracts" USING btree ("organization_id","vendor","id");--> statement-breakpoint
CREATE INDEX "documents_org_created_idx" ON "documents" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "documents_org_status_idx" ON "documents" USING btree ("organization_id","status","created_at");