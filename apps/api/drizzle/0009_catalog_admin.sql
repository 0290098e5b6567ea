CREATE TABLE "product_slug_redirects" (
	"old_slug" text PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "is_visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "is_visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_slug_redirects" ADD CONSTRAINT "product_slug_redirects_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The picture a variant shows until the owner adds its own (a product cannot be published without them).
INSERT INTO "images" ("key", "data", "mime", "width", "height", "alt")
VALUES ('no-picture', 'PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHdpZHRoPSI4MDAiIGhlaWdodD0iMTAwMCIgdmlld0JveD0iMCAwIDgwMCAxMDAwIj48cmVjdCB3aWR0aD0iODAwIiBoZWlnaHQ9IjEwMDAiIGZpbGw9IiNmNmVmZTYiLz48ZyBmaWxsPSJub25lIiBzdHJva2U9IiNjOWI4YTYiIHN0cm9rZS13aWR0aD0iMTQiIHN0cm9rZS1saW5lam9pbj0icm91bmQiPjxwYXRoIGQ9Ik0zMDAgMzMwbDEwMC01MCAxMDAgNTAgOTAgMTEwLTcwIDUwLTQwLTQwdjMwMEgzMjBWNDUwbC00MCA0MC03MC01MHoiLz48L2c+PHRleHQgeD0iNDAwIiB5PSI4NjAiIGZvbnQtZmFtaWx5PSJzYW5zLXNlcmlmIiBmb250LXNpemU9IjQ0IiBmaWxsPSIjOGE3NzY2IiB0ZXh0LWFuY2hvcj0ibWlkZGxlIj5QaWN0dXJlIGNvbWluZyBzb29uPC90ZXh0Pjwvc3ZnPg==', 'image/svg+xml', 800, 1000, 'Picture coming soon')
ON CONFLICT ("key") DO NOTHING;
