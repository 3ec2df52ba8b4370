-- The form stand-ins' messages leave the production schema: src/sandbox creates its own table when it is loaded.
DROP TABLE IF EXISTS "sandbox_messages";
