-- The attention queue worked together: who has each item ("mine"), its snooze for the whole
-- team, and its notes. An item is a deal and the attention rule that raised it, as the desks'
-- mirrors name them; the rows say only what the team decided about it.

CREATE TABLE escrow.queue_items (
    environment_id text NOT NULL,
    transaction_id text NOT NULL,
    reason text NOT NULL,
    taken_by name,
    taken_at timestamptz,
    snoozed_until timestamptz,
    snoozed_by name,
    updated_by name NOT NULL,
    updated timestamptz NOT NULL,
    PRIMARY KEY (environment_id, transaction_id, reason)
);

CREATE TABLE escrow.queue_notes (
    id bigserial PRIMARY KEY,
    environment_id text NOT NULL,
    transaction_id text NOT NULL,
    reason text NOT NULL,
    note text NOT NULL CHECK (length(note) BETWEEN 1 AND 2000),
    written_by name NOT NULL,
    written timestamptz NOT NULL
);
CREATE INDEX queue_notes_item ON escrow.queue_notes (environment_id, transaction_id, reason, id);

-- Who takes, hands over or snoozes is the login the database saw. One may take an item no one
-- has; whoever has it may release it or hand it to a colleague; an admin may reassign it.
CREATE FUNCTION escrow.queue_stamp() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
DECLARE
    had name := CASE WHEN TG_OP = 'UPDATE' THEN OLD.taken_by END;
BEGIN
    IF NEW.taken_by IS DISTINCT FROM had THEN
        IF NOT (
            (had IS NULL AND NEW.taken_by = session_user)
            OR had = session_user
            OR pg_has_role(session_user, 'escrow_admin', 'MEMBER')
        ) THEN
            RAISE EXCEPTION '% has this item', had USING ERRCODE = 'insufficient_privilege';
        END IF;
        IF NEW.taken_by IS NOT NULL AND NOT pg_has_role(NEW.taken_by, 'escrow_operator', 'MEMBER') THEN
            RAISE EXCEPTION '% cannot work the queue', NEW.taken_by USING ERRCODE = 'check_violation';
        END IF;
        NEW.taken_at := CASE WHEN NEW.taken_by IS NULL THEN NULL ELSE now() END;
    ELSIF TG_OP = 'UPDATE' THEN
        NEW.taken_at := OLD.taken_at;
    END IF;
    IF TG_OP = 'INSERT' OR NEW.snoozed_until IS DISTINCT FROM OLD.snoozed_until THEN
        NEW.snoozed_by := CASE WHEN NEW.snoozed_until IS NULL THEN NULL ELSE session_user END;
    ELSE
        NEW.snoozed_by := OLD.snoozed_by;
    END IF;
    NEW.updated_by := session_user;
    NEW.updated := now();
    RETURN NEW;
END $$;
CREATE TRIGGER queue_stamp BEFORE INSERT OR UPDATE ON escrow.queue_items
    FOR EACH ROW EXECUTE FUNCTION escrow.queue_stamp();

CREATE FUNCTION escrow.queue_note_stamp() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
BEGIN
    NEW.written_by := session_user;
    NEW.written := now();
    RETURN NEW;
END $$;
CREATE TRIGGER queue_note_stamp BEFORE INSERT ON escrow.queue_notes
    FOR EACH ROW EXECUTE FUNCTION escrow.queue_note_stamp();
CREATE TRIGGER queue_notes_final BEFORE UPDATE OR DELETE ON escrow.queue_notes
    FOR EACH ROW EXECUTE FUNCTION escrow.approvals_final();

CREATE FUNCTION escrow.notify_queue() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
BEGIN
    PERFORM pg_notify('escrow_team', json_build_object(
        'what', CASE TG_TABLE_NAME WHEN 'queue_notes' THEN 'note' ELSE 'queue' END,
        'id', NEW.transaction_id, 'environmentId', NEW.environment_id, 'kind', NEW.reason,
        'target', NEW.transaction_id, 'state', coalesce(to_jsonb(NEW) ->> 'taken_by', ''),
        'requestedBy', '', 'by', session_user::text)::text);
    RETURN NULL;
END $$;
CREATE TRIGGER queue_items_notify AFTER INSERT OR UPDATE ON escrow.queue_items
    FOR EACH ROW EXECUTE FUNCTION escrow.notify_queue();
CREATE TRIGGER queue_notes_notify AFTER INSERT ON escrow.queue_notes
    FOR EACH ROW EXECUTE FUNCTION escrow.notify_queue();

GRANT SELECT ON escrow.queue_items, escrow.queue_notes TO escrow_viewer;
GRANT INSERT (environment_id, transaction_id, reason, taken_by, snoozed_until),
      UPDATE (taken_by, snoozed_until) ON escrow.queue_items TO escrow_operator;
GRANT INSERT (environment_id, transaction_id, reason, note) ON escrow.queue_notes TO escrow_operator;
GRANT USAGE ON SEQUENCE escrow.queue_notes_id_seq TO escrow_operator;
