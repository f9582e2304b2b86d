-- Exchange Online connectors through Microsoft Graph (docs/connectors.md "Exchange"): another app
-- type of the same tables; their cursor is the delta query's next or delta link.
ALTER TABLE connectors DROP CONSTRAINT connectors_app_type_check;
ALTER TABLE connectors ADD CONSTRAINT connectors_app_type_check CHECK (app_type IN ('imap', 'exchange'));
