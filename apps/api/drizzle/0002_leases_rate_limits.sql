CREATE TABLE "indexer_leases" (
	"chain_id" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Edited by hand: UNLOGGED (see rateLimits in src/db/schema.ts; drizzle-kit has no way to say it).
CREATE UNLOGGED TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"tat" timestamp with time zone NOT NULL,
	"granted" integer NOT NULL
);
