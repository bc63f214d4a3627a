CREATE TABLE "account_activity" (
	"address" text NOT NULL,
	"chain_id" text NOT NULL,
	"tx_hash" text NOT NULL,
	"block_number" bigint NOT NULL,
	"tx_index" integer NOT NULL,
	"mined_at" timestamp with time zone NOT NULL,
	CONSTRAINT "account_activity_address_chain_id_tx_hash_pk" PRIMARY KEY("address","chain_id","tx_hash")
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" text NOT NULL,
	"event_id" text NOT NULL,
	"url" text NOT NULL,
	"domain" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"props" jsonb NOT NULL,
	"origin" text,
	"sdk_type" text,
	"sdk_version" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_transactions" (
	"chain_id" text NOT NULL,
	"hash" text NOT NULL,
	"block_number" bigint NOT NULL,
	"tx_index" integer NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text,
	"value" numeric(78, 0) NOT NULL,
	"nonce" integer NOT NULL,
	"success" boolean NOT NULL,
	"mined_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chain_transactions_chain_id_hash_pk" PRIMARY KEY("chain_id","hash")
);
--> statement-breakpoint
CREATE TABLE "indexer_cursors" (
	"chain_id" text PRIMARY KEY NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"allowed_origins" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"analytics_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token_transfers" (
	"chain_id" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"standard" text NOT NULL,
	"contract" text,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"token_id" numeric(78, 0),
	CONSTRAINT "token_transfers_chain_id_tx_hash_log_index_pk" PRIMARY KEY("chain_id","tx_hash","log_index")
);
--> statement-breakpoint
CREATE INDEX "account_activity_page" ON "account_activity" USING btree ("address","mined_at" DESC NULLS LAST,"chain_id" DESC NULLS LAST,"block_number" DESC NULLS LAST,"tx_index" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "account_activity_block" ON "account_activity" USING btree ("chain_id","block_number");--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_events_project_event" ON "analytics_events" USING btree ("project_id","event_id");--> statement-breakpoint
CREATE INDEX "chain_transactions_block" ON "chain_transactions" USING btree ("chain_id","block_number");--> statement-breakpoint
CREATE INDEX "token_transfers_block" ON "token_transfers" USING btree ("chain_id","block_number");