CREATE TABLE "sponsorship_charges" (
	"chain_id" text NOT NULL,
	"user_op_hash" text NOT NULL,
	"project_id" text NOT NULL,
	"paymaster" text NOT NULL,
	"max_cost_wei" numeric(78, 0) NOT NULL,
	"valid_until" timestamp with time zone,
	"status" text DEFAULT 'pending' NOT NULL,
	"actual_cost_wei" numeric(78, 0),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "sponsorship_charges_chain_id_user_op_hash_pk" PRIMARY KEY("chain_id","user_op_hash")
);
--> statement-breakpoint
CREATE INDEX "sponsorship_charges_pending" ON "sponsorship_charges" USING btree ("chain_id","valid_until") WHERE status = 'pending';