-- Hand-written (no schema change). Roles are seeded only into an empty roles table, so a database made
-- before Message Templates (migration 0044) never gave its screen '/sys/messagetemplate' nor its action
-- 'messageTemplate:edit' to anyone: only the seed of a new database does (role-presets.ts, office_manager).
-- Every live role holding the System Set-up screen they sit beside in the preset, Location Parameters
-- ('/sys/positionparameter', which also holds the text provider settings), gets both, only where missing.
INSERT INTO "role_permissions" ("role_id", "key")
  SELECT r."id", k."key" FROM "roles" r
  JOIN "role_permissions" p ON p."role_id" = r."id" AND p."key" = '/sys/positionparameter'
  CROSS JOIN (VALUES ('/sys/messagetemplate'), ('messageTemplate:edit')) AS k("key")
  WHERE r."deleted_at" IS NULL
  ON CONFLICT DO NOTHING;
