CREATE TABLE "order_day_products" (
	"day" date NOT NULL,
	"name" text NOT NULL,
	"slot" smallint NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_day_products_day_name_slot_pk" PRIMARY KEY("day","name","slot")
);
--> statement-breakpoint
CREATE TABLE "order_day_totals" (
	"day" date NOT NULL,
	"slot" smallint NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_day_totals_day_slot_pk" PRIMARY KEY("day","slot")
);
--> statement-breakpoint
-- The dashboard's money kept per Indian day (modules/orders/order-figures.schema.ts), by triggers on
-- every table it is made of, in the transaction of the write: whatever writes orders, lines or
-- refunds (the lifecycle, the refund paths, a repair by hand, the bench's seed) keeps them right.
CREATE FUNCTION "india_day"(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN (at AT TIME ZONE 'Asia/Kolkata')::date;--> statement-breakpoint
-- Adds to a day's paid orders and money, in the writer's slot (fewer waits between two payments).
CREATE FUNCTION "order_figures_add_day"(d date, n integer, p bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "order_day_totals" ("day", "slot", "orders", "paise") VALUES (d, pg_backend_pid() % 4, n, p)
  ON CONFLICT ("day", "slot") DO UPDATE
    SET "orders" = "order_day_totals"."orders" + excluded."orders", "paise" = "order_day_totals"."paise" + excluded."paise";
$$;--> statement-breakpoint
-- Adds (sign 1) or takes away (-1) an order's lines on day d, by name in order (two writers lock alike).
CREATE FUNCTION "order_figures_add_lines"(order_id integer, d date, direction integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "order_day_products" ("day", "name", "slot", "quantity", "paise")
    SELECT d, l."name", pg_backend_pid() % 4, direction * sum(l."quantity"),
           direction * sum(l."quantity"::bigint * l."unit_price_paise" - l."discount_paise")
    FROM "order_lines" l WHERE l."order_id" = order_figures_add_lines.order_id
    GROUP BY l."name" ORDER BY l."name"
  ON CONFLICT ("day", "name", "slot") DO UPDATE
    SET "quantity" = "order_day_products"."quantity" + excluded."quantity",
        "paise" = "order_day_products"."paise" + excluded."paise";
$$;--> statement-breakpoint
-- An order's paid day or total changed, or a paid order is deleted (before its lines go with it).
CREATE FUNCTION "order_figures_order_row"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  refunded bigint;
BEGIN
  SELECT coalesce(sum("amount_paise"), 0) INTO refunded FROM "refunds"
    WHERE "order_id" = OLD."id" AND "status" <> 'failed' AND "reason" <> 'orphan';
  IF TG_OP = 'UPDATE' THEN
    IF india_day(OLD."paid_at") = india_day(NEW."paid_at") THEN
      PERFORM order_figures_add_day(india_day(NEW."paid_at"), 0, NEW."total_paise" - OLD."total_paise");
      RETURN NULL;
    END IF;
  END IF;
  IF OLD."paid_at" IS NOT NULL THEN
    PERFORM order_figures_add_day(india_day(OLD."paid_at"), -1, -(OLD."total_paise" - refunded));
    PERFORM order_figures_add_lines(OLD."id", india_day(OLD."paid_at"), -1);
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  IF NEW."paid_at" IS NOT NULL THEN
    PERFORM order_figures_add_day(india_day(NEW."paid_at"), 1, NEW."total_paise" - refunded);
    PERFORM order_figures_add_lines(NEW."id", india_day(NEW."paid_at"), 1);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "order_figures_update" AFTER UPDATE OF "paid_at", "total_paise" ON "orders" FOR EACH ROW
  WHEN (OLD."paid_at" IS DISTINCT FROM NEW."paid_at" OR OLD."total_paise" <> NEW."total_paise")
  EXECUTE FUNCTION "order_figures_order_row"();--> statement-breakpoint
CREATE TRIGGER "order_figures_delete" BEFORE DELETE ON "orders" FOR EACH ROW WHEN (OLD."paid_at" IS NOT NULL)
  EXECUTE FUNCTION "order_figures_order_row"();--> statement-breakpoint
-- Orders inserted already paid (an import, the bench's seed; a checkout inserts unpaid ones): one
-- statement for all of them. Their lines come later, by the lines' own trigger.
CREATE FUNCTION "order_figures_orders_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_day_totals" ("day", "slot", "orders", "paise")
    SELECT india_day("paid_at"), pg_backend_pid() % 4, count(*), sum("total_paise")
    FROM "inserted" WHERE "paid_at" IS NOT NULL GROUP BY 1 ORDER BY 1
  ON CONFLICT ("day", "slot") DO UPDATE
    SET "orders" = "order_day_totals"."orders" + excluded."orders", "paise" = "order_day_totals"."paise" + excluded."paise";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "order_figures_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS "inserted"
  FOR EACH STATEMENT EXECUTE FUNCTION "order_figures_orders_inserted"();--> statement-breakpoint
-- Lines inserted for orders already paid (a checkout's lines belong to an unpaid order: nothing to add).
CREATE FUNCTION "order_figures_lines_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_day_products" ("day", "name", "slot", "quantity", "paise")
    SELECT india_day(o."paid_at"), l."name", pg_backend_pid() % 4, sum(l."quantity"),
           sum(l."quantity"::bigint * l."unit_price_paise" - l."discount_paise")
    FROM "inserted" l JOIN "orders" o ON o."id" = l."order_id" WHERE o."paid_at" IS NOT NULL
    GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("day", "name", "slot") DO UPDATE
    SET "quantity" = "order_day_products"."quantity" + excluded."quantity",
        "paise" = "order_day_products"."paise" + excluded."paise";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "order_figures_lines_insert" AFTER INSERT ON "order_lines" REFERENCING NEW TABLE AS "inserted"
  FOR EACH STATEMENT EXECUTE FUNCTION "order_figures_lines_inserted"();--> statement-breakpoint
-- A line of a paid order changed or went (a line going with its order finds no order: the order's
-- own trigger took its lines away before).
CREATE FUNCTION "order_figures_line_row"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  paid timestamptz;
BEGIN
  SELECT "paid_at" INTO paid FROM "orders" WHERE "id" = OLD."order_id";
  IF paid IS NOT NULL THEN
    INSERT INTO "order_day_products" ("day", "name", "slot", "quantity", "paise")
      VALUES (india_day(paid), OLD."name", pg_backend_pid() % 4, -OLD."quantity",
              -(OLD."quantity"::bigint * OLD."unit_price_paise" - OLD."discount_paise"))
    ON CONFLICT ("day", "name", "slot") DO UPDATE
      SET "quantity" = "order_day_products"."quantity" + excluded."quantity",
          "paise" = "order_day_products"."paise" + excluded."paise";
  END IF;
  IF TG_OP = 'UPDATE' THEN
    SELECT "paid_at" INTO paid FROM "orders" WHERE "id" = NEW."order_id";
    IF paid IS NOT NULL THEN
      INSERT INTO "order_day_products" ("day", "name", "slot", "quantity", "paise")
        VALUES (india_day(paid), NEW."name", pg_backend_pid() % 4, NEW."quantity",
                NEW."quantity"::bigint * NEW."unit_price_paise" - NEW."discount_paise")
      ON CONFLICT ("day", "name", "slot") DO UPDATE
        SET "quantity" = "order_day_products"."quantity" + excluded."quantity",
            "paise" = "order_day_products"."paise" + excluded."paise";
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "order_figures_line_update" AFTER UPDATE ON "order_lines" FOR EACH ROW
  WHEN ((OLD."order_id", OLD."name", OLD."quantity", OLD."unit_price_paise", OLD."discount_paise")
        IS DISTINCT FROM (NEW."order_id", NEW."name", NEW."quantity", NEW."unit_price_paise", NEW."discount_paise"))
  EXECUTE FUNCTION "order_figures_line_row"();--> statement-breakpoint
CREATE TRIGGER "order_figures_line_delete" AFTER DELETE ON "order_lines" FOR EACH ROW
  EXECUTE FUNCTION "order_figures_line_row"();--> statement-breakpoint
-- A refund counts against the day its order was paid, unless it failed or gave back a payment the
-- order did not need (an 'orphan': that money was never the order's), as in the orders CSV.
CREATE FUNCTION "order_figures_refund_row"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  paid timestamptz;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF OLD."status" <> 'failed' AND OLD."reason" <> 'orphan' THEN
      SELECT "paid_at" INTO paid FROM "orders" WHERE "id" = OLD."order_id";
      IF paid IS NOT NULL THEN
        PERFORM order_figures_add_day(india_day(paid), 0, OLD."amount_paise");
      END IF;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW."status" <> 'failed' AND NEW."reason" <> 'orphan' THEN
      SELECT "paid_at" INTO paid FROM "orders" WHERE "id" = NEW."order_id";
      IF paid IS NOT NULL THEN
        PERFORM order_figures_add_day(india_day(paid), 0, -NEW."amount_paise");
      END IF;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "order_figures_refund_insert" AFTER INSERT OR DELETE ON "refunds" FOR EACH ROW
  EXECUTE FUNCTION "order_figures_refund_row"();--> statement-breakpoint
CREATE TRIGGER "order_figures_refund_update" AFTER UPDATE ON "refunds" FOR EACH ROW
  WHEN (OLD."order_id" <> NEW."order_id" OR OLD."amount_paise" <> NEW."amount_paise" OR OLD."reason" <> NEW."reason"
        OR (OLD."status" = 'failed') <> (NEW."status" = 'failed'))
  EXECUTE FUNCTION "order_figures_refund_row"();--> statement-breakpoint
-- The totals from scratch: the backfill below, and after a TRUNCATE (which fires no row trigger).
CREATE FUNCTION "order_figures_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "order_day_totals";
  DELETE FROM "order_day_products";
  INSERT INTO "order_day_totals" ("day", "slot", "orders", "paise")
    SELECT india_day(o."paid_at"), 0, count(*), sum(o."total_paise" - coalesce(r."paise", 0))
    FROM "orders" o
    LEFT JOIN (SELECT "order_id", sum("amount_paise") AS "paise" FROM "refunds"
               WHERE "status" <> 'failed' AND "reason" <> 'orphan' GROUP BY "order_id") r ON r."order_id" = o."id"
    WHERE o."paid_at" IS NOT NULL GROUP BY 1;
  INSERT INTO "order_day_products" ("day", "name", "slot", "quantity", "paise")
    SELECT india_day(o."paid_at"), l."name", 0, sum(l."quantity"),
           sum(l."quantity"::bigint * l."unit_price_paise" - l."discount_paise")
    FROM "order_lines" l JOIN "orders" o ON o."id" = l."order_id"
    WHERE o."paid_at" IS NOT NULL GROUP BY 1, 2;
$$;--> statement-breakpoint
CREATE FUNCTION "order_figures_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_figures_rebuild();
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "order_figures_truncate" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT
  EXECUTE FUNCTION "order_figures_truncated"();--> statement-breakpoint
CREATE TRIGGER "order_figures_truncate" AFTER TRUNCATE ON "order_lines" FOR EACH STATEMENT
  EXECUTE FUNCTION "order_figures_truncated"();--> statement-breakpoint
CREATE TRIGGER "order_figures_truncate" AFTER TRUNCATE ON "refunds" FOR EACH STATEMENT
  EXECUTE FUNCTION "order_figures_truncated"();--> statement-breakpoint
-- The backfill: the orders already in the shop.
SELECT order_figures_rebuild();
