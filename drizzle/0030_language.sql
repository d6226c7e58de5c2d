-- 0030_language: issue 36 §1 (docs/decisions/0031-languages.md): the language of each person (profiles.locale),
-- of each guardian reached without an account (guardians.preferred_language; null follows the school) and the
-- school's default (schools.default_locale). Additive only; every existing row stays English.
ALTER TABLE "guardians" ADD COLUMN "preferred_language" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "default_locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "guardians" ADD CONSTRAINT "guardians_preferred_language_check" CHECK ("guardians"."preferred_language" in ('en', 'sw'));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_locale_check" CHECK ("profiles"."locale" in ('en', 'sw'));--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_default_locale_check" CHECK ("schools"."default_locale" in ('en', 'sw'));