-- A desk that joins brings what it had: its open actions, with their keys (a resend stays the
-- same request) and their states as they were, and its own audit chain, checked on the desk
-- and copied into the team's after a row that names it. Each import is recorded, so the next
-- one of the same chain must start where the last ended (the chain's continuity, proven).

CREATE TABLE escrow.imports (
    id bigserial PRIMARY KEY,
    -- The desk chain's name: the id of the key its rows are sealed with (never the key).
    chain text NOT NULL,
    -- The desk rows brought, by their numbers on the desk.
    from_seq bigint NOT NULL,
    to_seq bigint NOT NULL,
    -- The link (MAC or hash) of the desk row before `from_seq` and of `to_seq`.
    prev_link text NOT NULL,
    head_link text NOT NULL,
    open_actions integer NOT NULL,
    imported_by name NOT NULL,
    imported timestamptz NOT NULL,
    CHECK (to_seq >= from_seq - 1)
);

-- Stamped by the database; the next import of a chain starts right after the last one, from
-- the link it ended on.
CREATE FUNCTION escrow.imports_stamp() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
DECLARE
    last escrow.imports;
BEGIN
    -- One import of a chain at a time: the second reads the first's row.
    PERFORM pg_advisory_xact_lock(7302, hashtext(NEW.chain));
    SELECT * INTO last FROM escrow.imports WHERE chain = NEW.chain ORDER BY id DESC LIMIT 1;
    IF FOUND AND (NEW.from_seq <> last.to_seq + 1 OR NEW.prev_link <> last.head_link) THEN
        RAISE EXCEPTION 'this desk''s audit chain does not continue from where its last import ended (row %)',
            last.to_seq USING ERRCODE = 'check_violation';
    END IF;
    NEW.imported_by := session_user;
    NEW.imported := now();
    RETURN NEW;
END $$;
CREATE INDEX imports_chain ON escrow.imports (chain, id);
CREATE TRIGGER imports_stamp BEFORE INSERT ON escrow.imports
    FOR EACH ROW EXECUTE FUNCTION escrow.imports_stamp();
CREATE TRIGGER imports_final BEFORE UPDATE OR DELETE ON escrow.imports
    FOR EACH ROW EXECUTE FUNCTION escrow.approvals_final();

-- An open action brought by a joining desk: with its key, attempts and answer so far, asked
-- by the staff member who joins, written to the trail. The team's approval rules hold for it
-- as for any other: one they cover waits for an approver (whose desk checks with the service
-- before any resend); else it is pending or unknown as it was. Run as the schema's owner, for
-- operators only.
CREATE FUNCTION escrow.import_intent(
    p_id text, p_environment_id text, p_kind text, p_target text, p_amount text, p_moves_money boolean,
    p_key text, p_request text, p_state text, p_attempts integer, p_correlation_id text, p_message text,
    p_batch_id text
) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog AS $$
DECLARE
    became text;
BEGIN
    IF NOT pg_has_role(session_user, 'escrow_operator', 'MEMBER') THEN
        RAISE EXCEPTION 'only an operator brings open actions into the team' USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF p_state NOT IN ('pending', 'unknown') THEN
        RAISE EXCEPTION 'only an open action is brought into the team' USING ERRCODE = 'check_violation';
    END IF;
    INSERT INTO escrow.intents (id, environment_id, kind, target, amount, moves_money, idempotency_key, request,
                                attempts, correlation_id, message, batch_id)
        VALUES (p_id::uuid, p_environment_id, p_kind, p_target, p_amount, p_moves_money, p_key, p_request,
                p_attempts, p_correlation_id, p_message, p_batch_id)
        RETURNING state INTO became;
    IF became = 'pending' AND p_state = 'unknown' THEN
        UPDATE escrow.intents SET state = 'unknown' WHERE id = p_id::uuid;
        became := 'unknown';
    END IF;
    INSERT INTO escrow.audit (environment_id, action_id, kind, target, amount, idempotency_key, correlation_id,
                              phase, outcome, detail)
        VALUES (p_environment_id, p_id::uuid, p_kind, p_target, p_amount, p_key, p_correlation_id, 'import', became,
                'open on ' || session_user || '''s desk when it joined the team');
END $$;
REVOKE ALL ON FUNCTION escrow.import_intent(text, text, text, text, text, boolean, text, text, text, integer, text, text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION escrow.import_intent(text, text, text, text, text, boolean, text, text, text, integer, text, text, text) TO escrow_operator;

GRANT SELECT ON escrow.imports TO escrow_viewer;
GRANT INSERT (chain, from_seq, to_seq, prev_link, head_link, open_actions) ON escrow.imports TO escrow_operator;
GRANT USAGE ON SEQUENCE escrow.imports_id_seq TO escrow_operator;
