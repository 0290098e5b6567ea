CREATE TABLE "back_in_stock_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "back_in_stock_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"variant_id" integer NOT NULL,
	"user_id" integer,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	"token" text NOT NULL,
	CONSTRAINT "back_in_stock_requests_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD CONSTRAINT "back_in_stock_requests_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD CONSTRAINT "back_in_stock_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "back_in_stock_open_uq" ON "back_in_stock_requests" USING btree ("variant_id","email") WHERE "back_in_stock_requests"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "back_in_stock_email_idx" ON "back_in_stock_requests" USING btree ("email");--> statement-breakpoint
CREATE INDEX "back_in_stock_user_idx" ON "back_in_stock_requests" USING btree ("user_id");--> statement-breakpoint
-- docs/product.md 'Back in stock': a size's stock rising from 0 to above 0 queues the telling of those
-- waiting for it, in the outbox (the subscriber `back_in_stock.tell` of src/effects.ts), in the transaction
-- of the write itself. A trigger rather than one inventory function, because stock is written by many paths
-- (an order's pieces back on a cancellation, an expiry, a return or a refused parcel; the stock grid; a
-- product's edit; the catalogue import; an exchange; a repair by hand) and this hears every one of them,
-- now and later, and only when the write commits. Two rises at once: the row lock orders them, and the
-- second finds the stock above 0 already; the outbox step claims each request once whatever it is given.
CREATE FUNCTION "back_in_stock_rise"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "back_in_stock_requests" WHERE "variant_id" = NEW."id" AND "notified_at" IS NULL) THEN
    INSERT INTO "outbox" ("event", "handler", "payload")
      VALUES ('variant.back_in_stock', 'back_in_stock.tell', jsonb_build_object('variantId', NEW."id"));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "back_in_stock_rise" AFTER UPDATE OF "stock" ON "product_variants" FOR EACH ROW
  WHEN (OLD."stock" = 0 AND NEW."stock" > 0)
  EXECUTE FUNCTION "back_in_stock_rise"();
