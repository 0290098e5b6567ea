ALTER TABLE "categories" ADD COLUMN "meta_title" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "meta_description" text;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "meta_title" text;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "meta_description" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "meta_title" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "meta_description" text;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_meta_title_len" CHECK (char_length("categories"."meta_title") <= 70);--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_meta_description_len" CHECK (char_length("categories"."meta_description") <= 160);--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_meta_title_len" CHECK (char_length("collections"."meta_title") <= 70);--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_meta_description_len" CHECK (char_length("collections"."meta_description") <= 160);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_meta_title_len" CHECK (char_length("products"."meta_title") <= 70);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_meta_description_len" CHECK (char_length("products"."meta_description") <= 160);