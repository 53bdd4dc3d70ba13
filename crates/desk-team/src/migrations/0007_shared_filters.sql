-- Saved filters of the transactions list, shared by the team: a name, the search and the
-- filters (as the desks write them). Whoever saved one, or an admin, may replace or remove it;
-- the store stamps who and when, and tells every desk.

CREATE TABLE escrow.shared_filters (
    name text PRIMARY KEY CHECK (length(name) BETWEEN 1 AND 40),
    search text NOT NULL DEFAULT '',
    -- The desks' filter set, JSON as they write it (read back as it was written).
    filters text NOT NULL,
    saved_by name NOT NULL,
    saved timestamptz NOT NULL
);

CREATE FUNCTION escrow.shared_filters_stamp() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.saved_by <> session_user
       AND NOT pg_has_role(session_user, 'escrow_admin', 'MEMBER') THEN
        RAISE EXCEPTION '% saved this filter', OLD.saved_by USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF TG_OP = 'DELETE' THEN
        RETURN OLD;
    END IF;
    NEW.saved_by := session_user;
    NEW.saved := now();
    RETURN NEW;
END $$;
CREATE TRIGGER shared_filters_stamp BEFORE INSERT OR UPDATE OR DELETE ON escrow.shared_filters
    FOR EACH ROW EXECUTE FUNCTION escrow.shared_filters_stamp();

CREATE FUNCTION escrow.notify_filter() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
DECLARE
    r escrow.shared_filters := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
BEGIN
    PERFORM pg_notify('escrow_team', json_build_object(
        'what', 'filter', 'id', r.name, 'environmentId', '', 'kind', lower(TG_OP), 'target', r.name,
        'state', '', 'requestedBy', '', 'by', session_user::text)::text);
    RETURN NULL;
END $$;
CREATE TRIGGER shared_filters_notify AFTER INSERT OR UPDATE OR DELETE ON escrow.shared_filters
    FOR EACH ROW EXECUTE FUNCTION escrow.notify_filter();

GRANT SELECT ON escrow.shared_filters TO escrow_viewer;
GRANT INSERT (name, search, filters), UPDATE (search, filters), DELETE ON escrow.shared_filters TO escrow_operator;
