CREATE TABLE "auth_spent_proofs" (
	"digest" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_attempts" ADD COLUMN "binding_challenge" text;--> statement-breakpoint
ALTER TABLE "auth_attempts" ADD COLUMN "completion_hash" text;--> statement-breakpoint
CREATE INDEX "auth_spent_proofs_expires" ON "auth_spent_proofs" USING btree ("expires_at");