-- Four-eyes: per environment, an admin sets which money moves need a second person and from
-- which amount (per currency). Such an intent waits for an approver who is not the person who
-- asked; the database checks both.

ALTER TABLE escrow.intents DROP CONSTRAINT intents_state_check;
ALTER TABLE escrow.intents ADD CONSTRAINT intents_state_check CHECK (state IN
    ('awaiting_approval', 'pending', 'succeeded', 'failed', 'unknown', 'dismissed', 'rejected', 'lapsed'));
-- What the move is worth as the desk read it from the live record (NULL: it could not tell).
ALTER TABLE escrow.intents ADD COLUMN at_stake numeric, ADD COLUMN currency text;

DROP INDEX escrow.intents_one_open_money_move;
CREATE UNIQUE INDEX intents_one_open_money_move ON escrow.intents (environment_id, target, kind)
    WHERE moves_money AND state IN ('awaiting_approval', 'pending', 'unknown');

CREATE TABLE escrow.approval_rules (
    environment_id text NOT NULL,
    kind text NOT NULL,
    currency text NOT NULL,
    -- A move worth this much or more needs a second person (0: every one).
    from_amount numeric NOT NULL CHECK (from_amount >= 0),
    -- How long an approval allows the send.
    valid_for interval NOT NULL DEFAULT interval '24 hours' CHECK (valid_for > interval '0'),
    set_by name NOT NULL DEFAULT session_user,
    set_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (environment_id, kind, currency)
);

CREATE TABLE escrow.approvals (
    intent_id uuid PRIMARY KEY REFERENCES escrow.intents (id),
    decision text NOT NULL CHECK (decision IN ('approved', 'rejected')),
    note text,
    -- The consequence as the approver saw it; the send compares it with the live one.
    consequence text,
    decided_by name NOT NULL,
    decided_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL
);

-- A new money move waits for approval when a rule covers it: its kind in its environment,
-- and its currency and amount at or over the rule's (or any rule, when the desk could not
-- tell what it is worth).
CREATE FUNCTION escrow.intents_needs_approval() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
BEGIN
    IF NEW.moves_money AND EXISTS (
        SELECT 1 FROM escrow.approval_rules r
        WHERE r.environment_id = NEW.environment_id AND r.kind = NEW.kind
          AND (NEW.at_stake IS NULL OR NEW.currency IS NULL
               OR (r.currency = NEW.currency AND NEW.at_stake >= r.from_amount))
    ) THEN
        NEW.state := 'awaiting_approval';
    ELSE
        NEW.state := 'pending';
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER intents_needs_approval BEFORE INSERT ON escrow.intents
    FOR EACH ROW EXECUTE FUNCTION escrow.intents_needs_approval();

-- What four-eyes adds to what may become of an action, whoever asks (step 1 keeps the rest):
-- what it was worth never changes; a rejected or lapsed one stays as it ended; one awaiting
-- approval becomes pending only through an approval by someone else, rejected only through a
-- rejection, or is withdrawn (dismissed); only an approved one can lapse.
CREATE FUNCTION escrow.intents_approval_rules() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
BEGIN
    IF NEW.at_stake IS DISTINCT FROM OLD.at_stake OR NEW.currency IS DISTINCT FROM OLD.currency THEN
        RAISE EXCEPTION 'what an intent asks for is never changed' USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF NEW.state = OLD.state THEN
        RETURN NEW;
    END IF;
    IF OLD.state IN ('rejected', 'lapsed') THEN
        RAISE EXCEPTION 'an action that has ended stays as it ended' USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF OLD.state = 'awaiting_approval' AND NOT (
        NEW.state = 'dismissed'
        OR (NEW.state = 'pending' AND EXISTS (SELECT 1 FROM escrow.approvals a
            WHERE a.intent_id = NEW.id AND a.decision = 'approved' AND a.decided_by <> OLD.requested_by))
        OR (NEW.state = 'rejected' AND EXISTS (SELECT 1 FROM escrow.approvals a
            WHERE a.intent_id = NEW.id AND a.decision = 'rejected'))
    ) THEN
        RAISE EXCEPTION 'an action awaiting approval is sent only after a second person approves it'
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF NEW.state = 'lapsed' AND NOT EXISTS (SELECT 1 FROM escrow.approvals a WHERE a.intent_id = NEW.id) THEN
        RAISE EXCEPTION 'only an approved action can lapse' USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER intents_approval_rules BEFORE UPDATE ON escrow.intents
    FOR EACH ROW EXECUTE FUNCTION escrow.intents_approval_rules();

-- An approval or rejection: by the role the database saw, never the one who asked, of an
-- action that waits for one; its end from the rule. It moves the action on and is written to
-- the audit trail with its actor.
CREATE FUNCTION escrow.approvals_decide() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
DECLARE
    i escrow.intents;
    valid interval;
BEGIN
    SELECT * INTO i FROM escrow.intents WHERE id = NEW.intent_id FOR UPDATE;
    IF i.state IS DISTINCT FROM 'awaiting_approval' THEN
        RAISE EXCEPTION 'this action does not wait for an approval' USING ERRCODE = 'check_violation';
    END IF;
    IF i.requested_by = session_user THEN
        RAISE EXCEPTION 'the person who asked for an action cannot approve or reject it'
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    SELECT coalesce(max(r.valid_for), interval '24 hours') INTO valid FROM escrow.approval_rules r
        WHERE r.environment_id = i.environment_id AND r.kind = i.kind;
    NEW.decided_by := session_user;
    NEW.decided_at := now();
    NEW.expires_at := now() + valid;
    RETURN NEW;
END $$;
CREATE TRIGGER approvals_decide BEFORE INSERT ON escrow.approvals
    FOR EACH ROW EXECUTE FUNCTION escrow.approvals_decide();

CREATE FUNCTION escrow.approvals_apply() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
DECLARE
    i escrow.intents;
BEGIN
    UPDATE escrow.intents SET state = CASE NEW.decision WHEN 'approved' THEN 'pending' ELSE 'rejected' END
        WHERE id = NEW.intent_id RETURNING * INTO i;
    INSERT INTO escrow.audit (environment_id, action_id, kind, target, amount, idempotency_key, phase, outcome, detail)
        VALUES (i.environment_id, i.id, i.kind, i.target, i.amount, i.idempotency_key, 'approval', NEW.decision,
                concat_ws(': ', 'requested by ' || i.requested_by, NEW.note));
    RETURN NEW;
END $$;
CREATE TRIGGER approvals_apply AFTER INSERT ON escrow.approvals
    FOR EACH ROW EXECUTE FUNCTION escrow.approvals_apply();

-- Decisions are final: no role changes or removes one.
CREATE FUNCTION escrow.approvals_final() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
BEGIN
    RAISE EXCEPTION 'an approval or rejection is final' USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER approvals_final BEFORE UPDATE OR DELETE ON escrow.approvals
    FOR EACH ROW EXECUTE FUNCTION escrow.approvals_final();

GRANT SELECT ON escrow.approval_rules, escrow.approvals TO escrow_viewer;
GRANT INSERT (intent_id, decision, note, consequence) ON escrow.approvals TO escrow_approver;
GRANT INSERT, UPDATE, DELETE ON escrow.approval_rules TO escrow_admin;
