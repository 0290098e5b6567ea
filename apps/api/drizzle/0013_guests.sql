ALTER TABLE "users" DROP CONSTRAINT "users_email_unique";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "kind" text DEFAULT 'account' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_account_email_uq" ON "users" USING btree ("email") WHERE "users"."kind" = 'account';--> statement-breakpoint
CREATE INDEX "users_guest_email_idx" ON "users" USING btree ("email") WHERE "users"."kind" = 'guest';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_kind" CHECK ("users"."kind" in ('account', 'guest') and ("users"."kind" = 'account' or "users"."role" = 'customer'));