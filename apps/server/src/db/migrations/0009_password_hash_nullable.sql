ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
-- Until now a person added without a password (or whose password an admin reset) got a random,
-- never-revealed hash. Such a hash was written in the same transaction as a one-time link, and
-- any password the person sets later moves password_changed_at past that link: so a link made
-- at or after the last password change marks a placeholder. Null now says "no password yet".
UPDATE "users" SET "password_hash" = NULL
WHERE EXISTS (
	SELECT 1 FROM "password_tokens" t
	WHERE t."user_id" = "users"."id" AND t."created_at" >= "users"."password_changed_at"
);
