-- After the sale (docs/product.md 'After the sale'): the pieces of a line taken back by accepted returns (a piece is returned once),
-- and how a refund goes back: through the provider, or by the shop's own transfer with its reference (a UTR).
-- (drizzle-kit also wrote the orders_status check here, which 0014 already changed by hand: its snapshot now knows it.)
ALTER TABLE "order_lines" ADD COLUMN "returned_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "method" text DEFAULT 'provider' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_returned" CHECK ("order_lines"."returned_quantity" >= 0 and "order_lines"."returned_quantity" <= "order_lines"."quantity");
