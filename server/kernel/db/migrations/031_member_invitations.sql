-- A member created by an organisation's administrator whose address or username an account of the
-- platform already has: an invitation to that address, listed among the members until it is answered
-- (docs/decisions/hardening-member-creation.md). `projects` are the levels the member gets on joining.
ALTER TABLE invitations ADD COLUMN as_member boolean NOT NULL DEFAULT false;
ALTER TABLE invitations ADD COLUMN username text;
ALTER TABLE invitations ADD COLUMN projects jsonb NOT NULL DEFAULT '[]';
