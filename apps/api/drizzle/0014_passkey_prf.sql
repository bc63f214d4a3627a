CREATE TABLE "auth_prf_shares" (
	"credential_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"salt" text NOT NULL,
	"iv" text NOT NULL,
	"ciphertext" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_passkeys" ADD COLUMN "name" text;--> statement-breakpoint
CREATE INDEX "auth_prf_shares_user" ON "auth_prf_shares" USING btree ("user_id");