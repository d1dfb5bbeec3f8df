DROP INDEX "users_email_key";--> statement-breakpoint
ALTER TABLE "document_contents" ADD COLUMN "text_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_invitee" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email") WHERE not pending_invitee;