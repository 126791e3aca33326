ALTER TABLE "period_locks" ADD COLUMN "reads_from" date;
