-- The language a user reads (docs/decisions/accounts-mail-language.md): the console saves it
-- when the user switches language, and every mail to the user is written in it, whatever the
-- language of the browser that made the server send it. An invitation keeps the language its
-- invitee is written to (the inviter's), which the account made from it starts with.
ALTER TABLE users ADD COLUMN language text NOT NULL DEFAULT 'fr' CHECK (language IN ('fr', 'en'));
ALTER TABLE invitations ADD COLUMN language text NOT NULL DEFAULT 'fr' CHECK (language IN ('fr', 'en'));
