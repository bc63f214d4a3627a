CREATE TABLE "names" (
	"name" text PRIMARY KEY NOT NULL,
	"zone" text NOT NULL,
	"coin_type" bigint NOT NULL,
	"address" text NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"message_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "names_message_hash" ON "names" USING btree ("message_hash");--> statement-breakpoint
CREATE INDEX "names_address" ON "names" USING btree ("address","created_at");