ALTER TABLE "contact_enquiries" ADD COLUMN "return_lines" jsonb;--> statement-breakpoint
ALTER TABLE "contact_enquiries" ADD COLUMN "return_reason" text;--> statement-breakpoint
ALTER TABLE "contact_enquiries" ADD COLUMN "return_wish" text;--> statement-breakpoint
CREATE INDEX "contact_enquiries_wish_idx" ON "contact_enquiries" USING btree ("return_wish","id") WHERE "contact_enquiries"."order_id" is not null;--> statement-breakpoint
ALTER TABLE "contact_enquiries" ADD CONSTRAINT "contact_enquiries_return" CHECK (("contact_enquiries"."return_reason" is null or "contact_enquiries"."return_reason" in ('size', 'quality', 'wrong_item', 'other'))
        and ("contact_enquiries"."return_wish" is null or "contact_enquiries"."return_wish" in ('refund', 'credit')));