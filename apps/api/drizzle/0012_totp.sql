CREATE TABLE "auth_totp" (
	"user_id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"envelope_key_id" text NOT NULL,
	"enabled_at" timestamp with time zone,
	"last_step" bigint,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_totp_recovery_codes" (
	"digest" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "second_factor_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "auth_totp_recovery_codes_user" ON "auth_totp_recovery_codes" USING btree ("user_id");