COMMENT ON TABLE ingest.reader_roles IS 'Grain: one row per reader role dugout reader-role made or reset in this database: what it left the role with, so dugout status and dugout check (reader_roles_as_left) note a setting, limit, attribute, membership, right or password the role''s reader (or anyone) changed since. Never the password.';--> statement-breakpoint
COMMENT ON COLUMN ingest.reader_roles.role IS 'The role''s name.';--> statement-breakpoint
COMMENT ON COLUMN ingest.reader_roles.settings IS 'By name, as reader-role left them: each setting of the role (setting statement_timeout; "(this database)" for one of this database only), connection limit, attributes, memberships and grants (rights beyond reading; empty).';--> statement-breakpoint
COMMENT ON COLUMN ingest.reader_roles.password_fingerprint IS 'SHA-256 (hex) of the SCRAM verifier reader-role set: compared with pg_authid where the login may read it; the verifier''s salt is stored nowhere here.';--> statement-breakpoint
COMMENT ON COLUMN ingest.reader_roles.set_at IS 'When reader-role last ran for the role.';--> statement-breakpoint
COMMENT ON COLUMN ingest.reader_roles.set_by IS 'The login that ran it.';
