-- Orders shipped before shipments were kept: one shipment of every piece, with the order's tracking and the
-- history's 'shipped' row for who and when (docs/product.md 'Shipments').
INSERT INTO "order_shipments" ("order_id", "carrier", "tracking_number", "tracking_url", "actor", "created_at")
SELECT o."id", o."carrier", o."tracking_number", o."tracking_url", coalesce(h."actor", 'staff'), coalesce(h."created_at", o."updated_at")
FROM "orders" o
LEFT JOIN LATERAL (
  SELECT "actor", "created_at" FROM "order_status_history"
  WHERE "order_id" = o."id" AND "to_status" = 'shipped' ORDER BY "id" LIMIT 1
) h ON true
WHERE o."tracking_url" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "order_shipment_lines" ("shipment_id", "order_line_id", "quantity")
SELECT s."id", l."id", l."quantity" FROM "order_shipments" s JOIN "order_lines" l ON l."order_id" = s."order_id";
