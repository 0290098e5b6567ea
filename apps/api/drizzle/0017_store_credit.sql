CREATE TABLE "store_credit" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_credit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"source" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"remaining_paise" integer NOT NULL,
	"reason" text NOT NULL,
	"order_id" integer,
	"refund_id" integer,
	"granted_by" integer,
	"request_key" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_credit_refund_id_unique" UNIQUE("refund_id"),
	CONSTRAINT "store_credit_request_key_unique" UNIQUE("request_key"),
	CONSTRAINT "store_credit_amount_pos" CHECK ("store_credit"."amount_paise" > 0),
	CONSTRAINT "store_credit_remaining" CHECK ("store_credit"."remaining_paise" between 0 and "store_credit"."amount_paise"),
	CONSTRAINT "store_credit_source" CHECK ("store_credit"."source" in ('grant', 'refund'))
);
--> statement-breakpoint
ALTER TABLE "store_credit" ADD CONSTRAINT "store_credit_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit" ADD CONSTRAINT "store_credit_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_credit_user_idx" ON "store_credit" USING btree ("user_id","expires_at");