-- Issue 34: the relationship as the school typed it ("Grandmother", "Step-father"), kept beside the
-- vocabulary value and shown instead of its label; null shows the label of relationship.
ALTER TABLE "student_guardians" ADD COLUMN "relationship_label" text;
