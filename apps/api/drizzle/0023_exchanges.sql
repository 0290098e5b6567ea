ALTER TABLE "contact_enquiries" DROP CONSTRAINT "contact_enquiries_return";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "exchange_of" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_exchange_of_orders_id_fk" FOREIGN KEY ("exchange_of") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_exchange_of_idx" ON "orders" USING btree ("exchange_of") WHERE "orders"."exchange_of" is not null;--> statement-breakpoint
ALTER TABLE "contact_enquiries" ADD CONSTRAINT "contact_enquiries_return" CHECK (("contact_enquiries"."return_reason" is null or "contact_enquiries"."return_reason" in ('size', 'quality', 'wrong_item', 'other'))
        and ("contact_enquiries"."return_wish" is null or "contact_enquiries"."return_wish" in ('refund', 'credit', 'exchange')));