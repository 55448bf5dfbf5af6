CREATE TABLE `account_deletion_requests` (
	`address_hash` text PRIMARY KEY NOT NULL,
	`requested_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `account_deletion_requests_time_idx` ON `account_deletion_requests` (`requested_at`);