CREATE TABLE "sponsorship_spend" (
	"project_id" text NOT NULL,
	"chain_id" text NOT NULL,
	"spent_wei" numeric(78, 0) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sponsorship_spend_project_id_chain_id_pk" PRIMARY KEY("project_id","chain_id")
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "sponsorship" jsonb;