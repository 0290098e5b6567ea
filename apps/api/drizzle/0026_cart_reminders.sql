CREATE TABLE "carts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_reminders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cart_reminders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"cart_started_at" timestamp with time zone NOT NULL,
	"number" integer NOT NULL,
	"channels" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "cart_reminders_number" CHECK ("cart_reminders"."number" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "marketing_user_id" integer;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_reminders_episode_uq" ON "cart_reminders" USING btree ("user_id","cart_started_at","number");--> statement-breakpoint
CREATE INDEX "cart_reminders_sent_idx" ON "cart_reminders" USING btree ("sent_at");--> statement-breakpoint
ALTER TABLE "message_consents" ADD CONSTRAINT "message_consents_channel" CHECK ("message_consents"."channel" in ('whatsapp', 'sms') or ("message_consents"."channel" = 'email' and "message_consents"."purpose" = 'marketing'));--> statement-breakpoint
-- Carts that hold something already: their episode and last change, from their lines.
INSERT INTO "carts" ("user_id", "started_at", "changed_at") SELECT "user_id", min("created_at"), max("updated_at") FROM "cart_lines" GROUP BY "user_id";