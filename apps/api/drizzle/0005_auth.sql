CREATE TABLE "auth_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"step" text NOT NULL,
	"project_id" text NOT NULL,
	"frame_origin" text NOT NULL,
	"email" text,
	"provider" text,
	"device_key" jsonb,
	"device_thumbprint" text,
	"approval_hash" text,
	"code_hmac" text,
	"code_generation" integer DEFAULT 0 NOT NULL,
	"code_expires_at" timestamp with time zone,
	"state_hash" text,
	"code_verifier" text,
	"nonce" text,
	"user_id" text,
	"user_name" text,
	"error" jsonb,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_devices" (
	"user_id" text NOT NULL,
	"thumbprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_devices_user_id_thumbprint_pk" PRIMARY KEY("user_id","thumbprint")
);
--> statement-breakpoint
CREATE TABLE "auth_identities" (
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" text NOT NULL,
	"email" text,
	"email_verified" boolean DEFAULT false NOT NULL,
	"user_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_identities_provider_subject_pk" PRIMARY KEY("provider","subject")
);
--> statement-breakpoint
CREATE TABLE "auth_refresh_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"auth_provider" text NOT NULL,
	"device_key" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "auth_attempts_approval" ON "auth_attempts" USING btree ("approval_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_attempts_state" ON "auth_attempts" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "auth_attempts_email" ON "auth_attempts" USING btree ("email");--> statement-breakpoint
CREATE INDEX "auth_attempts_expires" ON "auth_attempts" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "auth_identities_user" ON "auth_identities" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_refresh_tokens_session" ON "auth_refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "auth_sessions_user" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_users_email" ON "auth_users" USING btree ("email");