-- A desk that sends an action holds it for a while (its lease): no other desk resends it
-- meanwhile. When the desk died mid-send, the lease runs out and any operator may reconcile
-- it (read the live record, then resend with the same key where the journal's rules allow).

ALTER TABLE escrow.intents ADD COLUMN leased_by name, ADD COLUMN lease_until timestamptz;

-- Who holds a lease is the login the database saw.
CREATE FUNCTION escrow.intents_lease() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
BEGIN
    IF NEW.lease_until IS DISTINCT FROM OLD.lease_until THEN
        NEW.leased_by := session_user;
    ELSE
        NEW.leased_by := OLD.leased_by;
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER intents_lease BEFORE UPDATE ON escrow.intents
    FOR EACH ROW EXECUTE FUNCTION escrow.intents_lease();

GRANT UPDATE (lease_until) ON escrow.intents TO escrow_operator;
