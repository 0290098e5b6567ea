DROP INDEX "refunds_order_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_payment_uq" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");