ALTER TABLE "one_time_codes" ADD COLUMN "grants_role" text;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_grants_role" CHECK ("one_time_codes"."grants_role" in ('staff', 'admin'));--> statement-breakpoint
-- Links mailed before invitations carried their role: those accounts were given it when invited.
UPDATE "one_time_codes" SET "grants_role" = "users"."role" FROM "users"
  WHERE "users"."id" = "one_time_codes"."user_id" AND "one_time_codes"."purpose" = 'staff_invite'
    AND "one_time_codes"."consumed_at" IS NULL AND "users"."role" IN ('staff', 'admin');--> statement-breakpoint
-- The audit log is append-only for every role, the table's owner and superusers included (a REVOKE
-- binds neither): rows are written with the change they record and never rewritten. docs/operations.md
-- gives the production role's grants, which leave out TRUNCATE (a privilege of its own).
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
