CREATE TABLE "auth_wallets" (
	"user_id" text PRIMARY KEY NOT NULL,
	"evm_address" text NOT NULL,
	"solana_address" text NOT NULL,
	"auth_share" text NOT NULL,
	"envelope_key_id" text NOT NULL,
	"recovery_share" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
