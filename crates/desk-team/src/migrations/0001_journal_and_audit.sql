-- The team's action journal and its audit trail. Run as the schema's owner (escrow_owner),
-- inside one transaction, by `team init`.

-- Every staff action on the service: written before the first request, its outcome after.
CREATE TABLE escrow.intents (
    id uuid PRIMARY KEY,
    environment_id text NOT NULL,
    kind text NOT NULL,
    target text NOT NULL,
    amount text,
    moves_money boolean NOT NULL,
    idempotency_key text NOT NULL UNIQUE,
    -- The action's JSON exactly as the desk wrote it (resent byte for byte).
    request text NOT NULL,
    state text NOT NULL DEFAULT 'pending'
        CHECK (state IN ('pending', 'succeeded', 'failed', 'unknown', 'dismissed')),
    correlation_id text,
    message text,
    attempts integer NOT NULL DEFAULT 0,
    batch_id text,
    -- Set by the trigger below from session_user: never what a desk sends.
    requested_by name NOT NULL,
    created timestamptz NOT NULL DEFAULT now(),
    updated_by name NOT NULL,
    updated timestamptz NOT NULL DEFAULT now()
);

-- Two desks never move the same money at once: one open intent per environment, target and
-- money action.
CREATE UNIQUE INDEX intents_one_open_money_move ON escrow.intents (environment_id, target, kind)
    WHERE moves_money AND state IN ('pending', 'unknown');
CREATE INDEX intents_open ON escrow.intents (created) WHERE state IN ('pending', 'unknown');

-- Who wrote a row is the role the database saw; what was asked for never changes.
CREATE FUNCTION escrow.intents_stamp() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        NEW.requested_by := session_user;
        NEW.created := now();
    ELSE
        IF NEW.id <> OLD.id OR NEW.environment_id <> OLD.environment_id OR NEW.kind <> OLD.kind
           OR NEW.target <> OLD.target OR NEW.amount IS DISTINCT FROM OLD.amount
           OR NEW.moves_money <> OLD.moves_money OR NEW.idempotency_key <> OLD.idempotency_key
           OR NEW.request <> OLD.request OR NEW.requested_by <> OLD.requested_by
           OR NEW.created <> OLD.created OR NEW.batch_id IS DISTINCT FROM OLD.batch_id THEN
            RAISE EXCEPTION 'what an intent asks for is never changed' USING ERRCODE = 'insufficient_privilege';
        END IF;
        IF OLD.state IN ('succeeded', 'failed', 'dismissed') AND NEW.state <> OLD.state THEN
            RAISE EXCEPTION 'an action that has ended stays as it ended' USING ERRCODE = 'insufficient_privilege';
        END IF;
    END IF;
    NEW.updated_by := session_user;
    NEW.updated := now();
    RETURN NEW;
END $$;
CREATE TRIGGER intents_stamp BEFORE INSERT OR UPDATE ON escrow.intents
    FOR EACH ROW EXECUTE FUNCTION escrow.intents_stamp();

-- The audit trail: one hash chain for the whole team, extended inside the database.
CREATE TABLE escrow.audit (
    seq bigint PRIMARY KEY,
    at timestamptz NOT NULL,
    actor name NOT NULL,
    environment_id text NOT NULL,
    action_id uuid,
    kind text NOT NULL,
    target text NOT NULL,
    amount text,
    idempotency_key text,
    correlation_id text,
    phase text NOT NULL,
    outcome text NOT NULL,
    detail text,
    prev_hash bytea NOT NULL,
    hash bytea NOT NULL
);

-- What a row's hash covers, in a form that does not depend on the session's settings.
CREATE FUNCTION escrow.audit_text(r escrow.audit) RETURNS text
LANGUAGE sql STABLE SET search_path = pg_catalog AS $$
    SELECT json_build_array(
        r.seq, to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), r.actor::text,
        r.environment_id, r.action_id::text, r.kind, r.target, r.amount, r.idempotency_key,
        r.correlation_id, r.phase, r.outcome, r.detail
    )::text
$$;

-- Each new row: the next number, the time and actor from the database, and the hash of the
-- row before it and of itself. One row at a time for the whole team (a transaction lock).
CREATE FUNCTION escrow.audit_seal() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
DECLARE
    last_seq bigint;
    last_hash bytea;
BEGIN
    PERFORM pg_advisory_xact_lock(7301, 1);
    SELECT seq, hash INTO last_seq, last_hash FROM escrow.audit ORDER BY seq DESC LIMIT 1;
    NEW.seq := coalesce(last_seq, 0) + 1;
    NEW.at := clock_timestamp();
    NEW.actor := session_user;
    NEW.prev_hash := coalesce(last_hash, '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea);
    NEW.hash := sha256(NEW.prev_hash || convert_to(escrow.audit_text(NEW), 'UTF8'));
    RETURN NEW;
END $$;
CREATE TRIGGER audit_seal BEFORE INSERT ON escrow.audit
    FOR EACH ROW EXECUTE FUNCTION escrow.audit_seal();

-- No role may change or remove a row: no grant allows it, and this refuses it to the owner
-- as well.
CREATE FUNCTION escrow.audit_append_only() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
BEGIN
    RAISE EXCEPTION 'the audit trail is append-only' USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER audit_append_only BEFORE UPDATE OR DELETE ON escrow.audit
    FOR EACH ROW EXECUTE FUNCTION escrow.audit_append_only();
CREATE TRIGGER audit_no_truncate BEFORE TRUNCATE ON escrow.audit
    FOR EACH STATEMENT EXECUTE FUNCTION escrow.audit_append_only();

-- The first row whose link or hash does not hold, or none: the chain checked where it lives.
CREATE FUNCTION escrow.audit_first_break() RETURNS bigint
LANGUAGE sql STABLE SET search_path = pg_catalog AS $$
    WITH chain AS (
        SELECT a.seq, a.prev_hash, a.hash,
               lag(a.hash) OVER (ORDER BY a.seq) AS before,
               lag(a.seq) OVER (ORDER BY a.seq) AS seq_before,
               sha256(a.prev_hash || convert_to(escrow.audit_text(a), 'UTF8')) AS recomputed
        FROM escrow.audit a
    )
    SELECT min(seq) FROM chain
    WHERE hash <> recomputed
       OR prev_hash <> coalesce(before, '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea)
       OR seq <> coalesce(seq_before, 0) + 1
$$;

-- What each group may do. A viewer reads; an operator records intents, their outcomes and
-- their audit rows; an approver and an admin more (later migrations).
REVOKE ALL ON SCHEMA escrow FROM PUBLIC;
GRANT USAGE ON SCHEMA escrow TO escrow_viewer;
GRANT SELECT ON escrow.intents, escrow.audit TO escrow_viewer;
GRANT EXECUTE ON FUNCTION escrow.audit_first_break() TO escrow_viewer;
GRANT INSERT ON escrow.intents TO escrow_operator;
GRANT UPDATE (state, correlation_id, message, attempts) ON escrow.intents TO escrow_operator;
GRANT INSERT ON escrow.audit TO escrow_operator;
