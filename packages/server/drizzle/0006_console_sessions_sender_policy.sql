CREATE TABLE "console_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"api_key_id" uuid,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"max_expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "organization_settings" ADD COLUMN "email_forwarding_sender_policy" text DEFAULT 'ALLOWLIST_AND_DMARC' NOT NULL;--> statement-breakpoint
ALTER TABLE "console_sessions" ADD CONSTRAINT "console_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console_sessions" ADD CONSTRAINT "console_sessions_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "console_sessions_token_hash_key" ON "console_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "console_sessions_user_idx" ON "console_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "console_sessions_expires_idx" ON "console_sessions" USING btree ("max_expires_at");