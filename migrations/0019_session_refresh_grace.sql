-- The refresh token a session's last refresh replaced, and when (ADR 041): for a short while it still names the session.
ALTER TABLE `sessions` ADD `previous_refresh_hash` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `rotated_at` integer;--> statement-breakpoint
CREATE INDEX `sessions_previous_refresh_idx` ON `sessions` (`previous_refresh_hash`);