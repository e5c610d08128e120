-- Workspace name (issue 26 item 6, decision 030): where the current name came from.
--
-- workspaces.name_source   'signup'      the "<e-mail name> Workspace" made with the account;
--                          'onboarding'  the business name onboarding learned, taken once while the name
--                                        was still the sign-up default;
--                          'owner'       a name an owner or admin chose in Settings.
-- Only a 'signup' name is ever replaced automatically, so a chosen name is never overwritten. Existing
-- workspaces could not be renamed before this migration, so they all still carry the sign-up default.

ALTER TABLE workspaces
  ADD COLUMN name_source text NOT NULL DEFAULT 'signup' CHECK (name_source IN ('signup', 'onboarding', 'owner'));
