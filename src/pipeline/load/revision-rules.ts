import type { RevisionRules } from '../../db/game-revisions.js';
import { applyRevisionPatch, canonicalBody, diffBodies } from '../../extract/revision.js';
import { scoringChangeRows } from '../../extract/scoring-changes.js';

/** Extraction's rules for a game's revisions, handed to db/ as a game is stored. */
export const REVISION_RULES: RevisionRules = { canonicalBody, diffBodies, applyRevisionPatch, scoringChangeRows };
