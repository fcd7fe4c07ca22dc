-- CreateTable
CREATE TABLE "audit_events" (
    "id" TEXT NOT NULL,
    "chain" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "actorType" TEXT NOT NULL,
    "actorId" TEXT,
    "actorName" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "targetType" TEXT NOT NULL,
    "targetId" TEXT,
    "targetName" TEXT,
    "changes" JSONB NOT NULL,
    "ip" TEXT,
    "userAgent" TEXT,
    "requestId" TEXT,
    "prevHash" TEXT NOT NULL,
    "hash" TEXT NOT NULL,

    CONSTRAINT "audit_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_heads" (
    "chain" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "hash" TEXT NOT NULL,

    CONSTRAINT "audit_heads_pkey" PRIMARY KEY ("chain")
);

-- CreateIndex
CREATE INDEX "audit_events_chain_at_idx" ON "audit_events"("chain", "at");

-- CreateIndex
CREATE UNIQUE INDEX "audit_events_chain_seq_key" ON "audit_events"("chain", "seq");

-- Events are never changed or deleted (docs/architecture/audit.md#kept-as-written): not by the
-- product, which has no such code, and not by a stray statement either. Someone with the
-- database's owner rights can still disable the trigger: the hash chain finds what they changed.
CREATE FUNCTION "audit_events_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit events cannot be changed or deleted';
END $$;

CREATE TRIGGER "audit_events_append_only" BEFORE UPDATE OR DELETE ON "audit_events"
FOR EACH ROW EXECUTE FUNCTION "audit_events_refuse_change"();

-- A chain's head moves forward only: it is never deleted.
CREATE TRIGGER "audit_heads_kept" BEFORE DELETE ON "audit_heads"
FOR EACH ROW EXECUTE FUNCTION "audit_events_refuse_change"();
