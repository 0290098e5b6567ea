ALTER TABLE "products" ADD COLUMN "hsn_code" text DEFAULT '6111' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "hsn_code" text DEFAULT '6111' NOT NULL;--> statement-breakpoint
-- Each product takes its category's HSN code (docs/product.md 'HSN codes'); other categories keep 6111.
UPDATE "products" SET "hsn_code" = c.hsn FROM "categories" cat, (VALUES
  ('frocks-dresses', '6204'), ('rompers-jhablas', '6209'), ('ethnic-wear', '6204'), ('co-ord-sets', '6203'),
  ('dungarees', '6203'), ('nightwear', '6208'), ('knitwear', '6110'), ('hair-accessories', '6217'),
  ('bibs', '6209'), ('bags', '4202'), ('booties-caps', '6111'), ('swaddles-blankets', '6301')
) AS c(slug, hsn)
WHERE cat.id = "products"."category_id" AND cat.slug = c.slug;--> statement-breakpoint
-- A line whose invoice is already issued keeps 6111, the code that invoice printed; the others take their product's.
UPDATE "order_lines" SET "hsn_code" = p."hsn_code" FROM "products" p
WHERE p.id = "order_lines"."product_id"
  AND NOT EXISTS (SELECT 1 FROM "invoices" i WHERE i.order_id = "order_lines"."order_id");
