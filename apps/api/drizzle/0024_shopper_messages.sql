CREATE TABLE "message_consents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_consents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"channel" text NOT NULL,
	"purpose" text NOT NULL,
	"granted" boolean NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_consents_purpose" CHECK ("message_consents"."purpose" in ('orders', 'marketing'))
);
--> statement-breakpoint
CREATE TABLE "shopper_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shopper_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"order_id" integer,
	"channel" text NOT NULL,
	"to" text NOT NULL,
	"template" text NOT NULL,
	"params" jsonb NOT NULL,
	"secret" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"provider_id" text,
	"key" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "shopper_messages_key_unique" UNIQUE("key"),
	CONSTRAINT "shopper_messages_status" CHECK ("shopper_messages"."status" in ('queued', 'sent', 'delivered', 'read', 'failed', 'cancelled')),
	CONSTRAINT "shopper_messages_channel" CHECK ("shopper_messages"."channel" in ('whatsapp', 'sms'))
);
--> statement-breakpoint
CREATE INDEX "message_consents_user_idx" ON "message_consents" USING btree ("user_id","channel","purpose","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shopper_messages_provider_uq" ON "shopper_messages" USING btree ("channel","provider_id");--> statement-breakpoint
CREATE INDEX "shopper_messages_to_idx" ON "shopper_messages" USING btree ("to");--> statement-breakpoint
CREATE INDEX "shopper_messages_status_idx" ON "shopper_messages" USING btree ("status","id");