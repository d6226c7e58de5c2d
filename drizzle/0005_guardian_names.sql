ALTER TABLE "guardians" ALTER COLUMN "name" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "guardians" DROP COLUMN "first_name";--> statement-breakpoint
ALTER TABLE "guardians" DROP COLUMN "last_name";