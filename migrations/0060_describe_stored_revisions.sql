-- Revision 1 of a game body is `stored` (no body of its own: raw.* keeps that body) until a later
-- revision replaces the raw body and makes it whole. Rows written before keep their whole revision 1.
COMMENT ON TABLE raw.game_revisions IS 'Grain: one row per distinct body of a game and kind (game_pk, kind, revision): revision 1 stored (the body raw.boxscores, raw.play_by_play or raw.win_probability keeps, no copy) until a later revision comes, then the canonical content whole; each later one the RFC 6902 JSON Patch from the one before. Distinct by the SHA-256 of the canonical content (sorted keys; no copyright, metaData, or boxscore seasonStats). Written in the game''s load transaction; a stored revision is updated once, to whole, in the transaction that replaces its raw body. See docs/history.md.';
--> statement-breakpoint
COMMENT ON COLUMN raw.game_revisions.encoding IS 'stored (no body: the canonical content of the game''s body of this kind in raw.*; only ever a kind''s latest revision), whole (body is the content) or patch (body is the JSON Patch from the previous revision''s content). Revisions 1 written before stored existed are whole.';
--> statement-breakpoint
COMMENT ON COLUMN raw.game_revisions.body IS 'The content or the patch, as JSON text; JSON null for a stored revision.';
--> statement-breakpoint
COMMENT ON COLUMN raw.game_revisions.body_chars IS 'Characters of body''s text (storage measures); 0 for a stored revision.';
