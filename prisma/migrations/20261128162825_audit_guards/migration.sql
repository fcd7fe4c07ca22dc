-- CreateIndex
CREATE INDEX "audit_events_chain_actorId_seq_idx" ON "audit_events"("chain", "actorId", "seq");

-- CreateIndex
CREATE INDEX "audit_events_chain_targetType_targetId_seq_idx" ON "audit_events"("chain", "targetType", "targetId", "seq");

-- CreateIndex
CREATE INDEX "audit_events_chain_action_seq_idx" ON "audit_events"("chain", "action", "seq");

-- TRUNCATE fires no row trigger: it emptied a chain (events and heads alike) past the
-- append-only triggers, and the check then read an empty chain as whole
-- (docs/architecture/audit.md#kept-as-written).
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events"
FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_refuse_change"();

CREATE TRIGGER "audit_heads_no_truncate" BEFORE TRUNCATE ON "audit_heads"
FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_refuse_change"();

-- A head starts at the chain's first event and moves one event forward at a time: rewound (to
-- hide deleted newest events) or moved to another chain, it is refused.
CREATE FUNCTION "audit_heads_forward_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An INSERT … ON CONFLICT fires this before it finds the chain's head: that head's UPDATE is checked next.
  IF TG_OP = 'INSERT' AND NEW."seq" <> 1 AND NOT EXISTS (SELECT 1 FROM "audit_heads" WHERE "chain" = NEW."chain") THEN
    RAISE EXCEPTION 'an audit chain starts at its first event';
  END IF;
  IF TG_OP = 'UPDATE' AND (NEW."chain" <> OLD."chain" OR NEW."seq" <> OLD."seq" + 1) THEN
    RAISE EXCEPTION 'an audit chain head moves one event forward at a time';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "audit_heads_forward_only" BEFORE INSERT OR UPDATE ON "audit_heads"
FOR EACH ROW EXECUTE FUNCTION "audit_heads_forward_only"();
