CREATE TABLE "auth_passkey_factor" (
	"user_id" text PRIMARY KEY NOT NULL,
	"enabled_at" timestamp with time zone NOT NULL
);
