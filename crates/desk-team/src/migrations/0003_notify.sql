-- Every open desk hears what changed within a second: each intent recorded or moved on, and
-- each decision, is notified on channel `escrow_team` when its transaction commits.

CREATE FUNCTION escrow.notify_intent() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
BEGIN
    PERFORM pg_notify('escrow_team', json_build_object(
        'what', 'intent', 'id', NEW.id::text, 'environmentId', NEW.environment_id, 'kind', NEW.kind,
        'target', NEW.target, 'state', NEW.state, 'requestedBy', NEW.requested_by::text,
        'by', session_user::text)::text);
    RETURN NULL;
END $$;
CREATE TRIGGER intents_notify AFTER INSERT OR UPDATE OF state ON escrow.intents
    FOR EACH ROW EXECUTE FUNCTION escrow.notify_intent();

CREATE FUNCTION escrow.notify_decision() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
DECLARE
    i escrow.intents;
BEGIN
    SELECT * INTO i FROM escrow.intents WHERE id = NEW.intent_id;
    PERFORM pg_notify('escrow_team', json_build_object(
        'what', 'decision', 'id', i.id::text, 'environmentId', i.environment_id, 'kind', i.kind,
        'target', i.target, 'state', NEW.decision, 'requestedBy', i.requested_by::text,
        'by', session_user::text)::text);
    RETURN NULL;
END $$;
CREATE TRIGGER approvals_notify AFTER INSERT ON escrow.approvals
    FOR EACH ROW EXECUTE FUNCTION escrow.notify_decision();
