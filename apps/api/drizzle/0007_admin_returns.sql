CREATE TABLE "enquiry_replies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "enquiry_replies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"enquiry_id" integer NOT NULL,
	"author_user_id" integer,
	"body" text NOT NULL,
	"request_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enquiry_replies_request_key_unique" UNIQUE("request_key")
);
--> statement-breakpoint
ALTER TABLE "contact_enquiries" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_enquiries" ADD COLUMN "return_decision" text;--> statement-breakpoint
ALTER TABLE "contact_enquiries" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiry_replies" ADD CONSTRAINT "enquiry_replies_enquiry_id_contact_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."contact_enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_replies" ADD CONSTRAINT "enquiry_replies_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiry_replies_enquiry_idx" ON "enquiry_replies" USING btree ("enquiry_id","id");--> statement-breakpoint
CREATE INDEX "contact_enquiries_status_idx" ON "contact_enquiries" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "contact_enquiries_order_idx" ON "contact_enquiries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "contact_enquiries_user_idx" ON "contact_enquiries" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "contact_enquiries" ADD CONSTRAINT "contact_enquiries_status" CHECK ("contact_enquiries"."status" in ('new', 'answered', 'closed'));