CREATE TABLE "outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event" text NOT NULL,
	"handler" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "outbox_status" CHECK ("outbox"."status" in ('pending', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "payment_incidents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_incidents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"order_id" integer,
	"provider_payment_id" text,
	"provider_ref" text NOT NULL,
	"amount_paise" integer,
	"currency" text,
	"provider_status" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "refunds_payment_uq";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "secret" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
UPDATE "refunds" SET "idempotency_key" = 'refund_' || "id";--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "idempotency_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reason" text DEFAULT 'cancel' NOT NULL;--> statement-breakpoint
UPDATE "refunds" r SET "reason" = 'orphan' FROM "payments" p, "orders" o
  WHERE p."id" = r."payment_id" AND o."id" = r."order_id" AND o."payment_id" IS DISTINCT FROM p."provider_payment_id";--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "reason" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "next_check_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "checks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_incidents" ADD CONSTRAINT "payment_incidents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("run_at") WHERE "outbox"."status" in ('pending', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "payment_incidents_ref_uq" ON "payment_incidents" USING btree ("kind","provider_ref");--> statement-breakpoint
CREATE INDEX "payment_incidents_open_idx" ON "payment_incidents" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "orders_user_unpaid_idx" ON "orders" USING btree ("user_id") WHERE "orders"."status" in ('created', 'payment_pending');--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_unsettled_idx" ON "refunds" USING btree ("next_check_at") WHERE "refunds"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_key_unique" UNIQUE("key");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_idempotency_key_unique" UNIQUE("idempotency_key");