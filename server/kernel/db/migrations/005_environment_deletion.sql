-- Environment deletion is asynchronous (spec platform-shell §4): the request marks the environment,
-- which every read then leaves out, and a queued job deletes it and everything below it.
ALTER TABLE environments ADD COLUMN deletion_requested_at timestamptz
