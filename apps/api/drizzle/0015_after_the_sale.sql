-- After the sale (decisions §9.5): the pieces of a line taken back by accepted returns; a piece is returned once.
-- (drizzle-kit also wrote the orders_status check here, which 0014 already changed by hand: its snapshot now knows it.)
ALTER TABLE "order_lines" ADD COLUMN "returned_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_returned" CHECK ("order_lines"."returned_quantity" >= 0 and "order_lines"."returned_quantity" <= "order_lines"."quantity");
