CREATE TABLE "sign_in_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"origin" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sign_in_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"origin" text NOT NULL,
	"chain_id" text NOT NULL,
	"address" text NOT NULL,
	"domain" text NOT NULL,
	"uri" text NOT NULL,
	"nonce" text NOT NULL,
	"message" text NOT NULL,
	"signature" text NOT NULL,
	"cacao" jsonb,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"revocation_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "sign_in_nonces_expires_at" ON "sign_in_nonces" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sign_in_sessions_nonce" ON "sign_in_sessions" USING btree ("nonce");--> statement-breakpoint
CREATE INDEX "sign_in_sessions_account" ON "sign_in_sessions" USING btree ("project_id","address");